import { IntlMessageFormat } from 'intl-messageformat'
import type { Locale } from '../../shared/i18n/locales'
import type { CompiledNode, CompiledTree, MessageNode, MessageTree } from '../../shared/i18n/messages'
import { catalog } from './catalog'

/**
 * The message trees the browser receives: every ICU string parsed here, once, by the same parser
 * (and with the same locale) IntlMessageFormat would use, so the client bundle ships without the
 * parser (build.mjs swaps it for its no-parser stand-in). A message that does not parse stays a
 * string: the browser's translator then reports it and falls back, as the server's does.
 */
export function compileNode(node: MessageNode, locale: Locale): CompiledNode {
  const out: CompiledNode = {}
  for (const [key, value] of Object.entries(node)) {
    if (typeof value !== 'string') out[key] = compileNode(value, locale)
    else {
      try {
        out[key] = new IntlMessageFormat(value, locale).getAst()
      } catch {
        out[key] = value
      }
    }
  }
  return out
}

export function compileTree(tree: MessageTree, locale: Locale): CompiledTree {
  return { units: compileNode(tree.units, locale), titles: compileNode(tree.titles, locale) }
}

const compiled = new Map<Locale, string>()

/** The body of /_i18n/{build}/{locale}/messages.json, serialised once per language. */
export function compiledMessagesJson(locale: Locale): string {
  let json = compiled.get(locale)
  if (json === undefined) compiled.set(locale, (json = JSON.stringify({ [locale]: compileTree(catalog[locale], locale) })))
  return json
}
