import { LOCALE_CODES, type Locale } from '../../i18n/locales'
import { formatMessage, formKeys } from '../../validation/messages'
import { parseDate } from '../../validation/calendar'
import type { FieldDef, FormErrors, FormFields } from '../../validation/types'
import { SLUG_RE, type ItemKind } from '../editor-model/items'
import { BODY, hasVersions, isGroup, specsOf, type FieldSpec } from './fields'
import { rowsIn, type EditorForm } from './form-model'
import { imageAlts } from './markdown-tools'

/** validateFields (browser) or validateForm of shared/validation/ajv (server): the same form, the same messages. */
export type FormRunner = (fields: FormFields, input: unknown, locale: Locale) => FormErrors

/** The field a new item's slug (or page name) is typed in. */
export const SLUG_FIELD = 'slug'
const SLUG_DEF: FieldDef = { rules: [{ id: 'required' }, { id: 'slug' }, { id: 'maxChars', params: [80] }] }

/** The written forms the catalogue has no rule for, checked beside it with the catalogue's own words. */
const FORMS: Partial<Record<FieldSpec['input'], (v: string) => boolean>> = {
  date: (v) => parseDate(v) !== null,
  month: (v) => /^\d{4}-(0[1-9]|1[0-2])$/.test(v),
  publishDate: (v) => {
    const m = /^(\d{4}-\d{2}-\d{2})(?:[T ]([01]\d|2[0-3]):[0-5]\d)?$/.exec(v)
    return !!m && parseDate(m[1]) !== null
  },
  number: (v) => /^\d+(\.\d+)?$/.test(v) && Number(v) > 0,
  integer: (v) => /^\d{1,9}$/.test(v),
}
const FORM_WORDS: Partial<Record<FieldSpec['input'], string>> = { date: formKeys.dateOnly, month: formKeys.dateOnly, publishDate: formKeys.dateOnly, number: formKeys.numberOnly, integer: formKeys.numberOnly }

interface Named {
  name: string
  spec: FieldSpec
  /** The field this one is required with, by its form name. */
  with?: string
}

/** Every input of the form with its form name: present languages only; each group's rows, plus none for empty rows. */
export function namedFields(kind: ItemKind, slug: string, form: EditorForm): Named[] {
  const out: Named[] = []
  const locales = hasVersions(kind) ? LOCALE_CODES.filter((l) => form[`has.${l}`] === '1') : LOCALE_CODES
  const add = (spec: FieldSpec, prefix: string) => out.push({ name: `${prefix}${spec.name}`, spec, ...(spec.requiredWith ? { with: `${prefix}${spec.requiredWith}` } : {}) })
  for (const spec of specsOf(kind, slug)) {
    if (isGroup(spec)) {
      for (const l of locales) {
        const count = Math.max(...(hasVersions(kind) ? [l] : LOCALE_CODES).map((x) => rowsIn(form, `${x}.${spec.group}`)))
        for (let i = 0; i < count; i++) {
          const prefix = `${l}.${spec.group}.${i}.`
          // A row left wholly empty is no row (the blank row the page adds for a new entry).
          const rowNames = (hasVersions(kind) ? [l] : LOCALE_CODES).flatMap((x) => spec.fields.map((f) => form[`${x}.${spec.group}.${i}.${f.name}`] ?? ''))
          if (rowNames.every((v) => v.trim() === '')) continue
          spec.fields.forEach((f) => add(f, prefix))
        }
      }
    } else if (!hasVersions(kind) && !spec.localised) add(spec, '')
    else for (const l of locales) add(spec, `${l}.`)
  }
  if (hasVersions(kind)) for (const l of locales) add(BODY, `${l}.`)
  return out
}

/**
 * The messages of the form's invalid fields (form name -> message; {} when it may be saved), in the
 * staff member's language. `slugWords`: a new item, whose slug is typed too, and the words for a slug
 * the content folder does not take (lower-case letters, digits and single '-' only). `altWords`: the words
 * for a body holding an image without its description (`![](…)`; else the catalogue's "required").
 */
export function checkEditorForm(kind: ItemKind, slug: string, form: EditorForm, locale: Locale, run: FormRunner, slugWords?: string, altWords?: string): FormErrors {
  const slugged = slugWords !== undefined
  const named = namedFields(kind, slug, form)
  const defs: Record<string, FieldDef> = {}
  const input: Record<string, string> = {}
  if (slugged) {
    defs[SLUG_FIELD] = SLUG_DEF
    input[SLUG_FIELD] = (form[SLUG_FIELD] ?? '').trim()
  }
  for (const { name, spec } of named) {
    defs[name] = { rules: spec.rules }
    input[name] = spec.input === 'checkbox' ? '' : (form[name] ?? '').trim() === '' ? '' : (form[name] ?? '')
  }
  const found = run(defs, input, locale)
  if (slugged && !found[SLUG_FIELD] && !SLUG_RE.test(input[SLUG_FIELD]!)) found[SLUG_FIELD] = slugWords
  for (const { name, spec, with: other } of named) {
    if (found[name]) continue
    const value = (form[name] ?? '').trim()
    const valid = FORMS[spec.input]
    if (value !== '' && valid && !valid(value)) found[name] = formatMessage(locale, FORM_WORDS[spec.input]!)
    else if (value !== '' && spec.options && !spec.options.includes(value)) found[name] = formatMessage(locale, 'units.validation.required.select')
    else if (value === '' && other && (form[other] ?? '').trim() !== '') found[name] = formatMessage(locale, 'units.validation.required.input')
    else if (spec === BODY && imageAlts(form[name] ?? '').some((alt) => alt.trim() === '')) found[name] = altWords ?? formatMessage(locale, 'units.validation.required.input')
  }
  const ordered: FormErrors = {}
  for (const name of [SLUG_FIELD, ...named.map((n) => n.name)]) if (found[name] !== undefined) ordered[name] = found[name]
  return ordered
}
