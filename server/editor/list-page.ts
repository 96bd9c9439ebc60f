import type { FastifyRequest } from 'fastify'
import type { Locale } from '../../shared/i18n/locales'
import type { ItemKind } from '../../shared/admin/editor-model/items'
import type { ContentListData, ContentRow } from '../../shared/admin/content-list/page-data'
import { shownTime } from '../staff/http/shown-time'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { LOCALE_CODES } from '../../shared/i18n/locales'
import { itemKey, SITE_PARTS, SLUG_RE, type EditableItem, type ItemKey, type PublicationState } from '../../shared/admin/editor-model/items'
import { readItem } from './files'
import { contentDirOf, statesOf } from './item-page'
import { outOfDate } from './translation-marks'

/** A language's file of an item: '<slug>.<lang>.md'. */
const FILE_RE = new RegExp(`^(.+)\\.(?:${LOCALE_CODES.join('|')})\\.md$`)

interface Listed {
  key: ItemKey
  item: EditableItem
  titles: Partial<Record<Locale, string>>
  states: Partial<Record<Locale, PublicationState>>
  date: string | null
}

/** Every item of the folder, read as the editor reads it: news, projects and pages (newest slug first for news), then the site's parts. */
function listItems(dir: string, now: number): Listed[] {
  const out: Listed[] = []
  const add = (kind: ItemKind, slug: string) => {
    const read = readItem(dir, kind, slug)
    if (!read) return
    const v = read.item.versions ?? {}
    const titles = Object.fromEntries(LOCALE_CODES.filter((l) => typeof v[l]?.fields.title === 'string').map((l) => [l, v[l]!.fields.title as string]))
    const first = LOCALE_CODES.map((l) => v[l]).find((version) => version !== undefined)
    const date = kind === 'news' ? first?.fields.date : kind === 'projects' ? first?.fields.completed : null
    out.push({ key: itemKey(kind, slug), item: read.item, titles, states: statesOf(read.item, now), date: typeof date === 'string' ? date : null })
  }
  for (const kind of ['news', 'projects', 'pages'] as const) {
    let names: string[] = []
    try {
      names = readdirSync(join(dir, kind))
    } catch {
      names = []
    }
    const slugs = [...new Set(names.map((n) => FILE_RE.exec(n)?.[1]).filter((s): s is string => !!s && SLUG_RE.test(s)))].sort()
    for (const slug of kind === 'news' ? slugs.reverse() : slugs) add(kind, slug)
  }
  for (const part of SITE_PARTS) add('site', part)
  return out
}

/**
 * The content list's data: every item of the folder (listItems: titles and states per language),
 * which translations are out of date (the store's marks against the item's Japanese text), and who
 * changed it last (its latest revision; none: not changed in the editor yet).
 */
export async function loadContentListData(req: FastifyRequest, search: URLSearchParams): Promise<ContentListData> {
  const dir = contentDirOf(req)
  const store = req.server.editorStore
  const items = listItems(dir, req.server.staffArea.now())
  const [latest, accounts] = await Promise.all([store.latestRevisions(), req.server.staffArea.store.listAccounts()])
  const names = new Map(accounts.map((a) => [a.id, a.name || a.email]))
  const rows: ContentRow[] = []
  for (const listed of items) {
    const { kind, slug } = listed.item
    const marks = await store.marks(listed.key)
    const stale = marks.length ? outOfDate(listed.item, marks) : {}
    const revision = latest.get(listed.key)
    rows.push({
      kind,
      slug,
      titles: kind === 'site' ? {} : listed.titles,
      states: listed.states,
      outOfDate: Object.keys(stale) as Locale[],
      date: listed.date ?? null,
      changed: revision ? { at: shownTime(revision.at), who: revision.accountId ? (names.get(revision.accountId) ?? null) : null } : null,
    })
  }
  return { rows, notice: search.get('notice') === 'deleted' ? 'deleted' : null }
}
