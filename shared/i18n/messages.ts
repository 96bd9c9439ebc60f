import { IntlMessageFormat } from 'intl-messageformat'
import type { Locale } from './locales'

/** A message tree: the two groups (units: interface words, titles: page titles), each a nested object of ICU strings. */
export interface MessageTree {
  units: MessageNode
  titles: MessageNode
}
export type MessageNode = { [key: string]: string | MessageNode }
export type MessageValues = Record<string, string | number | Date | boolean | null | undefined>

/**
 * The same tree with every message parsed ahead of time (server/i18n/compiled.ts): what the browser
 * receives, so the ICU parser never ships to it. A message that does not parse stays a string.
 */
export type CompiledMessage = ReturnType<IntlMessageFormat['getAst']>
export type CompiledNode = { [key: string]: string | CompiledMessage | CompiledNode }
export interface CompiledTree {
  units: CompiledNode
  titles: CompiledNode
}

export type Translate = (key: string, values?: MessageValues, defaultMessage?: string) => string

export interface TranslatorOptions {
  /** Messages of the default language, used when a key is missing in `messages`. */
  fallbackMessages?: MessageTree | CompiledTree | undefined
  /** Called once per missing or broken key. */
  onMissing?: ((key: string, locale: Locale, reason: string) => void) | undefined
}

/** The leaf at a dotted id: an ICU string, a parsed message (an array), or undefined (missing, or a branch). */
function lookupLeaf(tree: object | undefined, key: string): string | CompiledMessage | undefined {
  let node: unknown = tree
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || Array.isArray(node) || !Object.prototype.hasOwnProperty.call(node, part)) return undefined
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' || Array.isArray(node) ? (node as string | CompiledMessage) : undefined
}

/** Looks up a dotted id ('units.nav.about') in a tree; only own string leaves count. */
export function lookupMessage(tree: MessageTree | MessageNode | undefined, key: string): string | undefined {
  const leaf = lookupLeaf(tree, key)
  return typeof leaf === 'string' ? leaf : undefined
}

/** Every dotted id of a tree's string leaves, sorted. */
export function flattenKeys(node: MessageNode | MessageTree, prefix = ''): string[] {
  const keys: string[] = []
  for (const [k, v] of Object.entries(node)) {
    const id = prefix ? `${prefix}.${k}` : k
    if (typeof v === 'string') keys.push(id)
    else keys.push(...flattenKeys(v, id))
  }
  return keys.sort()
}

/** What the translator keeps per message: a compiled IntlMessageFormat, or the text of a message that is only text. */
interface Formatter {
  format: (values?: Record<string, string>) => unknown
}

/** The text of a parsed message made only of literal parts (ICU type 0), or undefined. */
function literalText(ast: CompiledMessage): string | undefined {
  let text = ''
  for (const element of ast) {
    if (element.type !== 0) return undefined
    text += element.value
  }
  return text
}

type Formatters = NonNullable<ConstructorParameters<typeof IntlMessageFormat>[3]>['formatters']

/** Intl formatters made once per set of arguments, for every message of one translator. */
function sharedFormatters(): Formatters {
  const cache = new Map<string, unknown>()
  const memo =
    <A extends unknown[], T>(kind: string, make: (...args: A) => T) =>
    (...args: A): T => {
      const key = kind + JSON.stringify(args)
      let made = cache.get(key) as T | undefined
      if (made === undefined) cache.set(key, (made = make(...args)))
      return made
    }
  return {
    getNumberFormat: memo('n', (...args: ConstructorParameters<typeof Intl.NumberFormat>) => new Intl.NumberFormat(...args)),
    getDateTimeFormat: memo('d', (...args: ConstructorParameters<typeof Intl.DateTimeFormat>) => new Intl.DateTimeFormat(...args)),
    getPluralRules: memo('p', (...args: ConstructorParameters<typeof Intl.PluralRules>) => new Intl.PluralRules(...args)),
  }
}

/**
 * Creates the `t()` of one language, from ICU strings (server) or parsed messages (browser).
 * Compiled formats are cached; a missing or unparsable key falls back (default language,
 * then the given default, then the key) and is reported once, never thrown.
 */
export function createTranslator(locale: Locale, messages: MessageTree | CompiledTree, options: TranslatorOptions = {}): Translate {
  const compiled = new Map<string | CompiledMessage, Formatter | null>()
  const reported = new Set<string>()
  const report = (key: string, reason: string): void => {
    if (reported.has(key)) return
    reported.add(key)
    options.onMissing?.(key, locale, reason)
  }
  // One set of Intl formatters for every message of the language (IntlMessageFormat would make its own per message).
  const formatters = sharedFormatters()
  const compile = (key: string, source: string | CompiledMessage): Formatter | null => {
    // A parsed message is its own cache key; a string is keyed with its id (the same text may differ by key only in reports).
    const cacheKey = typeof source === 'string' ? `${key}\u0000${source}` : source
    let format = compiled.get(cacheKey)
    if (format === undefined) {
      try {
        // Most messages are plain text: no formatter to build (each IntlMessageFormat resolves its locale anew).
        const text = typeof source === 'string' ? undefined : literalText(source)
        format = text !== undefined ? { format: () => text } : new IntlMessageFormat(source, locale, undefined, { formatters })
      } catch {
        report(key, 'unparsable')
        format = null
      }
      compiled.set(cacheKey, format)
    }
    return format
  }
  const format = (key: string, source: string | CompiledMessage, values?: MessageValues): string | undefined => {
    const fmt = compile(key, source)
    if (!fmt) return undefined
    try {
      const out = fmt.format(values as Record<string, string>)
      return Array.isArray(out) ? out.join('') : String(out)
    } catch {
      report(key, 'format failed')
      return undefined
    }
  }
  const translate: Translate = (key, values, defaultMessage) => {
    const own = lookupLeaf(messages, key)
    if (own !== undefined) {
      const out = format(key, own, values)
      if (out !== undefined) return out
    } else {
      report(key, 'missing')
    }
    const fallback = lookupLeaf(options.fallbackMessages, key)
    if (fallback !== undefined) {
      const out = format(key, fallback, values)
      if (out !== undefined) return out
    }
    return defaultMessage ?? key
  }
  // Messages without values always give the same text: formatted once per key.
  const plain = new Map<string, string>()
  return (key, values, defaultMessage) => {
    if (values !== undefined || defaultMessage !== undefined) return translate(key, values, defaultMessage)
    let out = plain.get(key)
    if (out === undefined) plain.set(key, (out = translate(key)))
    return out
  }
}
