/**
 * The fields the editor's form posts (its save, a new item's, the preview's), as the body schema of
 * their actions lists them: the token, the base hash, the confirmation and the conflict page's "keep",
 * a new item's slug, an unreadable file's own form, and the item's fields by pattern, from the field
 * specs of every kind: `has.<lang>`, `[still.]<lang>.<field>` (a site part's shared field: `<field>`),
 * `[still.]<lang>.<group>.<row>.<field>`.
 */
import { LOCALE_CODES } from '../../i18n/locales'
import type { FormFields } from '../define'
import { ITEM_KINDS, SITE_PARTS } from '../editor-model/items'
import { BODY, isGroup, specsOf, type Spec } from './fields'
import { SLUG_FIELD } from './form-check'

const every: readonly Spec[] = ITEM_KINDS.flatMap((kind) => SITE_PARTS.flatMap((part) => specsOf(kind, part)))
const quote = (name: string) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const oneOf = (names: readonly string[]) => `(?:${[...new Set(names)].map(quote).join('|')})`
const langs = oneOf(LOCALE_CODES)
const fields = oneOf([BODY.name, 'draft', ...every.flatMap((s) => (isGroup(s) ? [] : [s.name]))])
const groups = oneOf(every.flatMap((s) => (isGroup(s) ? [s.group] : [])))
const groupFields = oneOf(every.flatMap((s) => (isGroup(s) ? s.fields.map((f) => f.name) : [])))

/** The editor form's fields, for formAction. */
export const EDITOR_FIELDS: FormFields = {
  fields: ['base', 'confirmed', 'keep', SLUG_FIELD, 'rawFile', 'rawAction', 'rawText'],
  patterns: [`^has\\.${langs}$`, `^(?:still\\.)?(?:${langs}\\.)?${fields}$`, `^(?:still\\.)?${langs}\\.${groups}\\.\\d{1,3}\\.${groupFields}$`],
}

/** The editor's forms carry whole articles in both languages (a body of up to 100,000 characters each, a Japanese character 9 bytes once form-encoded). */
export const EDITOR_BODY_LIMIT = 4 * 1024 * 1024
