import { LOCALE_FILES } from '../../locales'
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import { createTranslator, type MessageNode, type MessageTree, type Translate } from '../../shared/i18n/messages'
import { safeJson } from '../../shared/script-json'
import { catalog } from './catalog'
import { compileNode } from './compiled'

/** The staff area's strings (locales/<lang>/staff.json), read as `staff.…` beside the public `units` its shared components use. */
export const staffMessages: Record<Locale, MessageNode> = Object.fromEntries(LOCALE_CODES.map((code) => [code, LOCALE_FILES[code].staff])) as Record<Locale, MessageNode>

/** A language's tree for the staff pages: the public groups and `staff`. */
export function staffTree(locale: Locale): MessageTree & { staff: MessageNode } {
  return { ...catalog[locale], staff: staffMessages[locale] }
}

/** One translator per language (missing keys fall back to Japanese and are reported once). */
export function staffTranslators(onMissing: (key: string, locale: Locale, reason: string) => void): Record<Locale, Translate> {
  const entries = LOCALE_CODES.map((code) => [
    code,
    createTranslator(code, staffTree(code), { fallbackMessages: code === DEFAULT_LOCALE ? undefined : staffTree(DEFAULT_LOCALE), onMissing }),
  ])
  return Object.fromEntries(entries) as Record<Locale, Translate>
}

let shared: Record<Locale, Translate> | undefined
/** A language's staff translator, made once: for server code that answers outside a page (a JSON refusal, a rule's words). */
export const staffTranslator = (locale: Locale): Translate => (shared ??= staffTranslators(() => undefined))[locale]

const compiled = new Map<Locale, string>()

/**
 * What the staff client translates with, parsed ahead of time (no ICU parser in the browser) and
 * written into each staff page (staff pages are never cached, so a separate request would gain
 * nothing): `units` (the shared components' words) and `staff`.
 */
export function staffMessagesScript(locale: Locale): string {
  let json = compiled.get(locale)
  if (json === undefined) {
    const tree = { units: compileNode(catalog[locale].units, locale), titles: {}, staff: compileNode(staffMessages[locale], locale) }
    compiled.set(locale, (json = safeJson(tree)))
  }
  return json
}
