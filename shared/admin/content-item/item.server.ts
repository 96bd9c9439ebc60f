import type { FastifyRequest } from 'fastify'
import { LOCALE_CODES, isLocale, type Locale } from '../../i18n/locales'
import { itemKey, type EditableItem, type ItemKind, type PublicationState } from '../editor-model/items'
import { hasVersions } from './fields'
import { formOfItem, type EditorForm } from './form-model'
import type { ContentItemData, ItemNotice } from './page-data'
import { STATIC_PAGE_IDS } from '../../content'
import { actorOf } from '../../../server/staff/http/services'
import { readItemState } from '../../../server/editor/files'
import { kindOf, nameable } from '../../../server/editor/service-commit'
import { outOfDate } from '../../../server/editor/translation-marks'
import { publicationState } from '../../../server/editor/files-list'

const NOTICES = new Set<ItemNotice>(['saved', 'created', 'publish', 'unpublish', 'schedule'])
export const contentDirOf = (req: FastifyRequest) => req.server.staffArea.contentDir

export function statesOf(item: EditableItem | null, now: number): Partial<Record<Locale, PublicationState>> {
  if (!item) return {}
  return Object.fromEntries(LOCALE_CODES.map((l) => [l, hasVersions(item.kind) ? publicationState(item.kind, item.versions?.[l], now) : 'published']))
}

/** The names of the others who have the item open (their heartbeat in the last minute), after recording this one's (the editor service). */
async function othersEditing(req: FastifyRequest, kind: ItemKind, slug: string): Promise<string[]> {
  const outcome = await req.server.editor.presence(actorOf(req), { kind, slug })
  return outcome.kind === 'done' ? outcome.others : []
}

/** The page's data of an item as it is on disk; `change` replaces parts (what was typed, errors, a conflict). */
export async function existingItemData(req: FastifyRequest, kind: ItemKind, slug: string, change: Partial<ContentItemData> = {}): Promise<ContentItemData | null> {
  const read = readItemState(contentDirOf(req), kind, slug)
  if (!read) return null
  if (read.unreadable.length) return unreadableData(req, kind, slug, read, change)
  const marks = await req.server.editorStore.marks(itemKey(kind, slug))
  return {
    kind,
    slug,
    isNew: false,
    form: formOfItem(read.item!),
    base: read.hash,
    errors: {},
    problems: [],
    conflict: null,
    states: statesOf(read.item, req.server.staffArea.now()),
    outOfDate: outOfDate(read.item!, marks),
    others: await othersEditing(req, kind, slug),
    notice: null,
    publishError: null,
    confirm: null,
    builtIn: kind === 'pages' && (STATIC_PAGE_IDS as readonly string[]).includes(slug),
    ...change,
  }
}

/** The page of an item with a file that cannot be read: the files, why, and their text to fix (what was typed, after a failed fix). */
async function unreadableData(req: FastifyRequest, kind: ItemKind, slug: string, read: NonNullable<ReturnType<typeof readItemState>>, change: Partial<ContentItemData>): Promise<ContentItemData> {
  const typed = change.unreadable ?? []
  // What was typed to fix a file: with the file's own reason, or the reason the typed text does not read either.
  const unreadable = read.unreadable.map((f) => {
    const t = typed.find((t) => t.file === f.file)
    return !t ? f : t.detail ? t : { ...f, text: t.text }
  })
  return {
    ...blankItemData(kind),
    slug,
    isNew: false,
    base: read.hash,
    states: statesOf(read.item, req.server.staffArea.now()),
    others: await othersEditing(req, kind, slug),
    builtIn: kind === 'pages' && (STATIC_PAGE_IDS as readonly string[]).includes(slug),
    problems: change.problems ?? [],
    notice: change.notice ?? null,
    confirm: change.confirm ?? null,
    unreadable,
  }
}

/** GET of an item's editor: `?write=en` opens a missing language to write it; `?notice=` after a save. */
export async function itemPageData(req: FastifyRequest, params: Record<string, string>, search: URLSearchParams): Promise<ContentItemData | null> {
  const kind = kindOf(params.kind)
  if (!kind || !nameable(kind, params.slug)) return null
  const data = await existingItemData(req, kind, params.slug)
  if (!data) return null
  const write = search.get('write')
  if (isLocale(write) && hasVersions(kind)) data.form[`has.${write}`] = '1'
  const notice = search.get('notice') as ItemNotice | null
  if (notice && NOTICES.has(notice)) data.notice = notice
  return data
}

/** A new item's empty form: Japanese to write (`?write=en`: English too), a draft until published. */
export function blankItemData(kind: ItemKind, form: EditorForm = {}): ContentItemData {
  return { kind, slug: '', isNew: true, form: { 'has.ja': '1', 'ja.draft': '1', ...form }, base: '', errors: {}, problems: [], conflict: null, states: {}, outOfDate: {}, others: [], notice: null, publishError: null, confirm: null, builtIn: false }
}

export async function newItemPageData(params: Record<string, string>, search: URLSearchParams): Promise<ContentItemData | null> {
  const kind = kindOf(params.kind)
  if (!kind || kind === 'site') return null
  const write = search.get('write')
  return blankItemData(kind, isLocale(write) ? { [`has.${write}`]: '1', [`${write}.draft`]: '1' } : {})
}
