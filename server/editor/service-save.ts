/**
 * The editor service's save (service.ts): a new item or an existing one from the editor's form, checked
 * with the catalogue's rules and then with the whole content folder, confirmed, and committed on the base
 * hash the form was opened on.
 */
import { checkEditorForm, SLUG_FIELD } from '../../shared/admin/content-item/form-check'
import { itemOfForm, type EditorForm } from '../../shared/admin/content-item/form-model'
import { itemKey } from '../../shared/admin/editor-model/items'
import type { Locale } from '../../shared/i18n/locales'
import { validateForm } from '../../shared/validation/server'
import type { FormErrors } from '../../shared/validation/types'
import type { Actor } from '../db/actor'
import { staffTranslator } from '../i18n/staff-catalog'
import { ABSENT_HASH, ItemUnreadable, readItemState } from './files'
import { checkCandidate } from './files-check'
import type { Conflict, EditorServiceDeps, NamedItem, NotFound, Refused, Unreadable } from './service-types'
import { committer, kindOf, nameable } from './service-commit'
import { ContentConflict, ContentRefused } from './types'

/** A staff string in a language (the server's own words beside the catalogue's, such as the slug rule). */
export function staffWords(locale: Locale, key: string): string {
  return staffTranslator(locale)(key)
}

/** The translations the form says are still right after this change ('still.<field>' = '1'). */
const stillRight = (form: EditorForm) => new Set(Object.keys(form).filter((n) => n.startsWith('still.') && form[n] === '1').map((n) => n.slice('still.'.length)))

export interface SaveInput {
  /** The kind the path names; its slug (an existing item's), a new item's being the form's `slug` field. */
  kind: string | undefined
  slug: string | undefined
  isNew: boolean
  /** The editor's own fields (both languages, `has.<locale>`, `still.<field>`…). */
  form: EditorForm
  /** The hash of the item's files the form was opened on ('' for none). */
  base: string
  /** The staff member confirmed (the dialog, or the confirmation step). */
  confirmed: boolean
  /** The staff member's language: the words of the errors. */
  locale: Locale
}

export type SaveOutcome =
  | NotFound
  | { kind: 'invalid'; item: NamedItem; errors: FormErrors }
  | Refused
  | { kind: 'confirm'; item: NamedItem }
  | Unreadable
  | Conflict
  | { kind: 'done'; item: NamedItem; created: boolean }

export function saveWork(deps: EditorServiceDeps) {
  const { contentDir: dir } = deps
  const { commitItem } = committer(deps)
  return {
    /**
     * The editor's form saved: the fields checked with the catalogue's rules ('invalid', in `locale`'s
     * words), every language removed refused (that is deleting), the confirmation asked, the whole content
     * folder checked with the change ('refused'), then committed: someone saved meanwhile ('conflict', with
     * the item as it is now), a file that cannot be read ('unreadable').
     */
    async save(actor: Actor, input: SaveInput): Promise<SaveOutcome> {
      const { isNew, form, locale } = input
      const kind = kindOf(input.kind)
      if (!kind || (isNew ? kind === 'site' : !nameable(kind, input.slug))) return { kind: 'not-found' }
      const slug = isNew ? (form[SLUG_FIELD] ?? '').trim() : input.slug!
      const item = { kind, slug }
      const errors = checkEditorForm(kind, slug, form, locale, validateForm, isNew ? staffWords(locale, 'staff.content.item.slugRule') : undefined, staffWords(locale, 'staff.content.images.bodyAlt'))
      if (isNew && !errors[SLUG_FIELD] && readItemState(dir, kind, slug)) errors[SLUG_FIELD] = staffWords(locale, 'staff.content.item.slugTaken')
      if (Object.keys(errors).length) return { kind: 'invalid', item, errors }
      const next = itemOfForm(kind, slug, form)
      // Every language removed: that is deleting (its own form), never a save.
      if (next.versions && !Object.keys(next.versions).length) return { kind: 'refused', item, problems: [staffWords(locale, 'staff.content.item.noLanguage')] }
      // "Keep mine" on the conflict page is a save like any other: confirmed first.
      if (!input.confirmed) return { kind: 'confirm', item }
      const key = itemKey(kind, slug)
      const { problems } = await checkCandidate(dir, { key, next })
      if (problems.length) return { kind: 'refused', item, problems }
      const state = readItemState(dir, kind, slug)
      if (state?.unreadable.length) return { kind: 'unreadable', item }
      try {
        await commitItem(actor, { key, before: state?.item ?? null, next, base: isNew ? null : input.base || ABSENT_HASH, action: isNew ? 'create' : 'save', still: stillRight(form) })
      } catch (err) {
        if (err instanceof ItemUnreadable) return { kind: 'unreadable', item }
        if (err instanceof ContentConflict) return { kind: 'conflict', item, theirs: err.current, hash: err.hash }
        if (err instanceof ContentRefused) return { kind: 'refused', item, problems: err.problems }
        throw err
      }
      return { kind: 'done', item, created: isNew }
    },
  }
}
