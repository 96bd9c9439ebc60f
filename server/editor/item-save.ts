import type { FastifyRequest } from 'fastify'
import { itemKey, type EditableItem } from '../../shared/admin/editor-model/items'
import { checkEditorForm, SLUG_FIELD } from '../../shared/admin/content-item/form-check'
import { formOfItem, itemOfForm, type EditorForm } from '../../shared/admin/content-item/form-model'
import type { ContentItemData } from '../../shared/admin/content-item/page-data'
import { staffHref } from '../../shared/admin/paths'
import type { StaffActionContext, StaffAnswer } from '../../shared/admin/types'
import { validateForm } from '../../shared/validation/server'
import createError from '@fastify/error'
import type { Locale } from '../../shared/i18n/locales'
import { staffTranslator } from '../staff/http/catalog'
import { auditOf } from '../staff/http/services'
import { ABSENT_HASH, ItemUnreadable, readItemState, writeItem } from './files'
import { saveRaw } from './item-raw'
import { checkCandidate } from './files-check'
import { blankItemData, contentDirOf, existingItemData, kindOf, nameable } from './item-page'
import { marksForSave } from './translation-marks'
import { ContentConflict, ContentRefused, type RevisionAction } from './types'

/** The editor's own fields of a posted form: what the item is made of (the token, the base, the confirmation and the "keep" button are not). */
function editorForm(body: Record<string, string>): EditorForm {
  const form: EditorForm = {}
  for (const [name, value] of Object.entries(body)) if (!['_csrf', 'base', 'confirmed', 'keep'].includes(name)) form[name] = value
  return form
}

const stillRight = (form: EditorForm) => new Set(Object.keys(form).filter((n) => n.startsWith('still.') && form[n] === '1').map((n) => n.slice('still.'.length)))

/** Commits an item change: the files written inside the store's transaction (writeItem checks the hash), the revision, marks and audit recorded with it. */
export async function commitItem(req: FastifyRequest, change: { key: ReturnType<typeof itemKey>; before: EditableItem | null; next: EditableItem | null; base: string | null; action: RevisionAction; still?: Set<string> }): Promise<void> {
  const dir = contentDirOf(req)
  const at = req.server.staffArea.now()
  const accountId = req.staffSession!.account.id
  const marks = change.next ? marksForSave(change.before, change.next, await req.server.editorStore.marks(change.key), change.still ?? new Set(), at) : []
  const revision = { key: change.key, at, accountId, action: change.action, item: change.next, hash: '' }
  await req.server.editorStore.commit({ revision, marks, audit: auditOf(req, accountId, 'content.change', change.key) }, () => {
    revision.hash = writeItem(dir, change.key, change.base, change.next)
  })
  await req.server.reloadContent(`editor ${change.action} ${change.key}`)
}

/**
 * The editor's POST (a new item's at contentNew, an existing one's at contentItem): the form read into
 * an EditableItem and checked with the catalogue's rules (422 with what was typed); without
 * `confirmed=1` the confirmation step; the whole content folder checked with the change (422 with the
 * problems in words); then the commit (a ContentConflict: 409 with both versions), the reload, 303.
 */
export async function saveItem(ctx: StaffActionContext, isNew: boolean): Promise<StaffAnswer<ContentItemData>> {
  const { req, params, body, locale } = ctx
  const kind = kindOf(params.kind)
  if (!kind || (isNew ? kind === 'site' : !nameable(kind, params.slug))) throw new ContentNotFound()
  if (!isNew && body.rawFile !== undefined) {
    const answer = await saveRaw(ctx, kind, params.slug!)
    if (!answer) throw new ContentNotFound()
    return answer
  }
  const form = editorForm(body)
  const slug = isNew ? (form[SLUG_FIELD] ?? '').trim() : params.slug!
  const again = async (statusCode: number, change: Partial<ContentItemData>): Promise<StaffAnswer<ContentItemData>> => {
    const base = { form, base: body.base ?? '', ...change }
    if (isNew) return { data: { ...blankItemData(kind), ...base }, statusCode }
    const data = await existingItemData(req, kind, slug, base)
    return data ? { data, statusCode } : { data: { ...blankItemData(kind), ...base, slug, isNew: false }, statusCode }
  }
  const errors = checkEditorForm(kind, slug, form, locale, validateForm, isNew ? staffWords(locale, 'staff.content.item.slugRule') : undefined, staffWords(locale, 'staff.content.images.bodyAlt'))
  if (isNew && !errors[SLUG_FIELD] && readItemState(contentDirOf(req), kind, slug)) errors[SLUG_FIELD] = staffWords(locale, 'staff.content.item.slugTaken')
  if (Object.keys(errors).length) return again(422, { errors })
  const next = itemOfForm(kind, slug, form)
  // Every language removed: that is deleting (its own form), never a save.
  if (next.versions && !Object.keys(next.versions).length) return again(422, { problems: [staffWords(locale, 'staff.content.item.noLanguage')] })
  // "Keep mine" on the conflict page is a save like any other: confirmed first.
  if (body.confirmed !== '1') return again(200, { confirm: { action: 'save' } })
  const key = itemKey(kind, slug)
  const dir = contentDirOf(req)
  const { problems } = await checkCandidate(dir, { key, next })
  if (problems.length) return again(422, { problems })
  const state = readItemState(dir, kind, slug)
  // A file of the item cannot be read (changed by hand meanwhile): the page that says so, nothing saved.
  if (state?.unreadable.length) return again(409, {})
  const before = state?.item ?? null
  try {
    await commitItem(req, { key, before, next, base: isNew ? null : body.base || ABSENT_HASH, action: isNew ? 'create' : 'save', still: stillRight(form) })
  } catch (err) {
    if (err instanceof ItemUnreadable) return again(409, {})
    if (err instanceof ContentConflict) return again(409, { conflict: { theirs: err.current ? formOfItem(err.current) : null, hash: err.hash } })
    if (err instanceof ContentRefused) return again(422, { problems: err.problems })
    throw err
  }
  return { redirect: `${staffHref('contentItem', { kind, slug })}?notice=${isNew ? 'created' : 'saved'}` }
}

/** An item the path names that is not there (or a kind the editor does not make): the staff 404 page. */
export const ContentNotFound = createError('SITE_CONTENT_NOT_FOUND', 'no such content item', 404)

/** A staff string in a language (the server's own words beside the catalogue's, such as the slug rule). */
export function staffWords(locale: Locale, key: string): string {
  return staffTranslator(locale)(key)
}
