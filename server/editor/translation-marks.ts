import { createHash } from 'node:crypto'
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import { itemKey, type EditableItem } from '../../shared/admin/editor-model/items'
import { BODY, hasVersions, isGroup, specsOf } from '../../shared/admin/content-item/fields'
import type { TranslationMark } from './types'

/**
 * Translation marks: Japanese is the source. When the English value of a translated field is saved
 * (written, changed, or ticked "still right"), its mark keeps the hash of the Japanese text of that
 * moment; while the Japanese text hashes otherwise, the English value is out of date.
 */
export const sourceHash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16)

/**
 * A value's text as the file keeps it: line breaks as \n (a browser sends \r\n) and no line breaks or spaces at
 * the end (a Markdown file ends its body with one). A value typed in the form and the same value read back from
 * its file are the same text, so saving cannot mark a translation out of date by itself.
 */
const str = (v: unknown) => (v === undefined || v === null ? '' : Array.isArray(v) ? v.map(String).join('\n') : String(v)).replace(/\r\n?/g, '\n').trimEnd()

/** A language's translated texts: field ('title', 'body', 'gallery.2.alt', 'services.0.title') -> text; absent when empty. */
export function translatedTexts(item: EditableItem | null, locale: Locale): Map<string, string> {
  const out = new Map<string, string>()
  if (!item) return out
  const put = (field: string, value: unknown) => {
    const text = str(value)
    if (text !== '') out.set(field, text)
  }
  const specs = specsOf(item.kind, item.slug)
  if (hasVersions(item.kind)) {
    const version = item.versions?.[locale]
    if (!version) return out
    for (const spec of specs) {
      if (!isGroup(spec)) {
        if (spec.translated) put(spec.name, version.fields[spec.name])
        continue
      }
      const rows = Array.isArray(version.fields[spec.group]) ? (version.fields[spec.group] as Record<string, unknown>[]) : []
      rows.forEach((row, i) => spec.fields.forEach((f) => f.translated && put(`${spec.group}.${i}.${f.name}`, row?.[f.name])))
    }
    if (BODY.translated) put('body', version.body)
    return out
  }
  const data = item.data ?? {}
  const of = (v: unknown) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[locale] : undefined)
  for (const spec of specs) {
    if (!isGroup(spec)) {
      if (spec.translated && spec.localised) put(spec.name, of(data[spec.name]))
      continue
    }
    const rows = Array.isArray(data[spec.group]) ? (data[spec.group] as Record<string, unknown>[]) : []
    rows.forEach((row, i) => spec.fields.forEach((f) => f.translated && put(`${spec.group}.${i}.${f.name}`, of(row?.[f.name]))))
  }
  return out
}

/** The translations (every language but Japanese): their fields out of date by the marks. */
export function outOfDate(item: EditableItem | null, marks: readonly TranslationMark[]): Partial<Record<Locale, string[]>> {
  const source = translatedTexts(item, DEFAULT_LOCALE)
  const result: Partial<Record<Locale, string[]>> = {}
  for (const locale of LOCALE_CODES) {
    if (locale === DEFAULT_LOCALE) continue
    const texts = translatedTexts(item, locale)
    const stale = marks.filter((m) => m.locale === locale && texts.has(m.field) && source.has(m.field) && m.sourceHash !== sourceHash(source.get(m.field)!)).map((m) => m.field)
    if (stale.length) result[locale] = stale.sort()
  }
  return result
}

/**
 * The marks a save sets. A translated value written or changed now, or ticked "still right"
 * (`stillRight`: '<lang>.<field>'), follows the Japanese text as saved now. A value without a mark
 * yet (the item was never saved here) takes the Japanese text as it was before this save: a Japanese
 * change made now leaves it out of date.
 */
export function marksForSave(before: EditableItem | null, after: EditableItem, marks: readonly TranslationMark[], stillRight: ReadonlySet<string>, at: number): TranslationMark[] {
  const key = itemKey(after.kind, after.slug)
  const sourceNow = translatedTexts(after, DEFAULT_LOCALE)
  const sourceBefore = translatedTexts(before, DEFAULT_LOCALE)
  const out: TranslationMark[] = []
  for (const locale of LOCALE_CODES) {
    if (locale === DEFAULT_LOCALE) continue
    const was = translatedTexts(before, locale)
    for (const [field, text] of translatedTexts(after, locale)) {
      const now = sourceNow.get(field)
      if (now === undefined) continue
      const mark = marks.find((m) => m.locale === locale && m.field === field)
      if (was.get(field) !== text || stillRight.has(`${locale}.${field}`)) out.push({ key, locale, field, sourceHash: sourceHash(now), at })
      else if (!mark) out.push({ key, locale, field, sourceHash: sourceHash(sourceBefore.get(field) ?? now), at })
    }
  }
  return out
}
