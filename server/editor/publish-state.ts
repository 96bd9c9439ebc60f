import type { Locale } from '../../shared/i18n/locales'
import type { EditableItem, ItemKind, LanguageVersion, PublicationState, PublishRequest } from '../../shared/admin/editor-model/items'
import { hasPublication } from '../../shared/admin/content-item/fields'
import { japanDay, parsePublishDate } from '../content/publication'
import type { RevisionAction } from './types'

/** Where a language of an item stands at `now` (Japan time for a news date): see PublicationState. */
export function publicationState(kind: ItemKind, version: LanguageVersion | undefined, now: number): PublicationState {
  if (!version) return 'missing'
  if (!hasPublication(kind)) return 'published'
  if (version.fields.draft === true) return 'draft'
  if (kind === 'news') {
    const at = parsePublishDate(version.fields.date)
    if (at !== null && at > now) return 'scheduled'
  }
  return 'published'
}

/** 'YYYY-MM-DDTHH:MM' (the form's datetime-local, Japan time) as a news date 'YYYY-MM-DD HH:MM', or null. */
export function scheduleDate(at: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})$/.exec(at)
  return m && parsePublishDate(`${m[1]} ${m[2]}`) !== null ? `${m[1]} ${m[2]}` : null
}

export type PublishRefusal = 'kind' | 'missing' | 'at' | 'past'

/**
 * The item with one language drafted, published now, or scheduled (news: `date` becomes that Japan
 * time), and the revision's action; or why not. Publishing now a news article dated ahead makes its
 * date today (Japan). Projects: draft or publish; pages and site parts have no publication.
 */
export function applyPublish(item: EditableItem, request: PublishRequest, now: number): { item: EditableItem; action: RevisionAction } | { refused: PublishRefusal } {
  if (!hasPublication(item.kind) || (request.action === 'schedule' && item.kind !== 'news')) return { refused: 'kind' }
  const version = item.versions?.[request.locale]
  if (!version) return { refused: 'missing' }
  const fields = { ...version.fields }
  delete fields.draft
  let action: RevisionAction = 'publish'
  if (request.action === 'draft') {
    fields.draft = true
    action = 'unpublish'
  } else if (request.action === 'schedule') {
    const date = scheduleDate(request.at)
    if (date === null) return { refused: 'at' }
    if (parsePublishDate(date)! <= now) return { refused: 'past' }
    fields.date = date
    action = 'schedule'
  } else if (item.kind === 'news') {
    const at = parsePublishDate(fields.date)
    if (at === null || at > now) fields.date = japanDay(now)
  }
  return { item: { ...item, versions: { ...item.versions, [request.locale]: { ...version, fields } } }, action }
}

/** A publish form's request, or null when it names no language or action it knows. */
export function readPublishRequest(body: Record<string, unknown>, locales: readonly Locale[]): PublishRequest | null {
  const locale = locales.find((l) => l === body.locale)
  if (!locale) return null
  if (body.action === 'draft' || body.action === 'publish') return { locale, action: body.action }
  if (body.action === 'schedule' && typeof body.at === 'string') return { locale, action: 'schedule', at: body.at }
  return null
}
