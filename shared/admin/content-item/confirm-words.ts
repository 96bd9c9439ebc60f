import type { ConfirmWords } from '../../confirm/store'
import { LOCALE_CODES, type Locale } from '../../i18n/locales'
import type { Translate } from '../../i18n/messages'
import { inertText } from '../inert-text'
import { hasPublication, hasVersions } from './fields'
import { SLUG_FIELD } from './form-check'
import type { ContentItemData, EditorForm, PublishAction, UnreadableFile } from './page-data'

/**
 * What the content editor's confirmations say, in the dialog and in the step the page shows without
 * JavaScript alike: which item (its title as typed), what is done to it (in which language, when) and
 * what visitors then see. Titles are the staff member's own text, shown inert.
 */

/** The item as the words name it: a part of site.yml by its name, else its title as typed (in `first`, else another language), its address name, or "untitled". */
function itemName(t: Translate, data: ContentItemData, form: EditorForm, first: Locale): string {
  if (data.kind === 'site') return t(`staff.content.list.siteParts.${data.slug}`)
  const languages = [first, ...LOCALE_CODES.filter((l) => l !== first)]
  const title = languages.map((l) => form[`${l}.title`]?.trim()).find(Boolean) || form[SLUG_FIELD]?.trim() || data.slug
  return title ? inertText(title) : t('staff.content.item.confirm.untitled')
}

const languageOf = (t: Translate, l: Locale) => t(`staff.content.item.languages.${l}`)

/**
 * The editor's save (a new item: its creation, its button "create as a draft" or "create the page"): a
 * new news article or project is a draft until published, a new page is served at once; a change shows
 * at once in the languages visitors see now.
 */
export function saveWords(t: Translate, locale: Locale, data: ContentItemData, form: EditorForm): ConfirmWords {
  const item = itemName(t, data, form, locale)
  if (data.isNew) {
    const how = hasPublication(data.kind) ? 'draft' : 'live'
    const action = t(how === 'draft' ? 'staff.content.item.createDraft' : 'staff.content.item.createPage')
    return { title: t(`staff.content.item.confirm.create.${how}.title`, { item }), text: t(`staff.content.item.confirm.create.${how}.text`), action, tone: 'primary' }
  }
  const live = LOCALE_CODES.filter((l) => (!hasVersions(data.kind) || form[`has.${l}`] === '1') && (!hasPublication(data.kind) || data.states[l] === 'published'))
  const languages = new Intl.ListFormat(locale, { type: 'conjunction' }).format(live.map((l) => languageOf(t, l)))
  return {
    title: t('staff.content.item.confirm.save.title', { item }),
    text: t(live.length ? 'staff.content.item.confirm.save.live' : 'staff.content.item.confirm.save.hidden', { languages }),
    action: t('staff.content.item.save'),
    tone: 'primary',
  }
}

/** "Keep mine" on the conflict view: what was typed saved over the other person's save (or written again after their deletion). */
export function keepMineWords(t: Translate, locale: Locale, data: ContentItemData, form: EditorForm): ConfirmWords {
  const deleted = !data.conflict?.theirs
  return {
    title: t('staff.content.item.confirm.keepMine.title'),
    text: t(deleted ? 'staff.content.item.confirm.keepMine.deleted' : 'staff.content.item.confirm.keepMine.text', { item: itemName(t, data, form, locale) }),
    action: t('staff.content.item.conflict.keepMine'),
    tone: 'primary',
  }
}

/** The item deleted in every language (its revisions kept). */
export function deleteWords(t: Translate, locale: Locale, data: ContentItemData): ConfirmWords {
  return { title: t('staff.content.item.confirm.delete.title', { item: itemName(t, data, data.form, locale) }), text: t('staff.content.item.confirm.delete.text'), action: t('staff.content.item.delete'), tone: 'danger' }
}

/** 'YYYY-MM-DDTHH:MM' (the date-time field) as people write it, or that none was given. */
const when = (t: Translate, at: string) => (at ? at.replace('T', ' ') : t('staff.content.publish.noTime'))

/** One language (`language`, whose title names the item) published now, scheduled at a Japan time, or set back to draft. */
export function publishWords(t: Translate, data: ContentItemData, language: Locale, what: PublishAction, at: string): ConfirmWords {
  const values = { item: itemName(t, data, data.form, language), language: languageOf(t, language), at: when(t, at) }
  return {
    title: t(`staff.content.publish.confirm.${what}.title`, values),
    text: t(`staff.content.publish.confirm.${what}.text`, values),
    action: t(`staff.content.publish.confirm.${what}.action`),
    tone: what === 'draft' ? 'danger' : 'primary',
  }
}

/** A file that cannot be read: its text saved as typed, or (a language's file) removed. */
export function rawWords(t: Translate, file: UnreadableFile, what: 'save' | 'remove'): ConfirmWords {
  const values = { file: file.file, language: file.locale ? languageOf(t, file.locale) : '' }
  return {
    title: t(`staff.content.item.unreadable.confirm.${what}.title`, values),
    text: t(`staff.content.item.unreadable.confirm.${what}.text`, values),
    action: t(what === 'save' ? 'staff.content.item.unreadable.save' : 'staff.content.item.unreadable.remove', values),
    tone: what === 'save' ? 'primary' : 'danger',
  }
}
