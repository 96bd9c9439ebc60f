import type { FastifyRequest } from 'fastify'
import type { Locale } from '../../i18n/locales'
import type { ContentListData, ContentRow } from './page-data'
import { shownTime } from '../../../server/staff/http/shown-time'
import { readItemState } from '../../../server/editor/files'
import { listItems } from '../../../server/editor/files-list'
import { contentDirOf } from '../content-item/item.server'
import { outOfDate } from '../../../server/editor/translation-marks'

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
    const { kind, slug } = listed
    const marks = await store.marks(listed.key)
    const stale = marks.length && !listed.unreadable.length ? outOfDate(readItemState(dir, kind, slug)?.item ?? null, marks) : {}
    const revision = latest.get(listed.key)
    rows.push({
      kind,
      slug,
      titles: listed.titles,
      states: listed.states,
      outOfDate: Object.keys(stale) as Locale[],
      date: listed.date ?? null,
      changed: revision ? { at: shownTime(revision.at), who: revision.accountId ? (names.get(revision.accountId) ?? null) : null } : null,
    })
  }
  return { rows, notice: search.get('notice') === 'deleted' ? 'deleted' : null }
}
