/** Small pure helpers shared by the rule families. */

/** '' / null / undefined: the values an optional field sends when left blank. */
export function isEmpty(value: unknown): boolean {
  return value === '' || value === null || value === undefined
}

/** The text of a string or finite number value; null for anything else (which fails text rules). */
export function asText(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  return null
}

/** A text rule from a predicate on the text. */
export function textTest(pred: (text: string) => boolean): (value: unknown) => boolean {
  return (value) => {
    const text = asText(value)
    return text !== null && pred(text)
  }
}

/** A text rule from a whole-value regular expression (anchor it with ^ and $). */
export function matches(re: RegExp): (value: unknown) => boolean {
  return textTest((text) => re.test(text))
}

/** Number of Unicode code points (an emoji or a surrogate-pair kanji counts once). */
export function codePointLength(text: string): number {
  let n = 0
  for (const _ of text) n++
  return n
}

/** UTF-8 byte length; a lone surrogate counts as the 3 bytes of its U+FFFD replacement. */
export function utf8Length(text: string): number {
  let bytes = 0
  for (const ch of text) {
    const cp = ch.codePointAt(0) ?? 0
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
  }
  return bytes
}

const PLAIN = Object.prototype

/**
 * Structural equality for JSON-like values (own enumerable keys, order-insensitive for objects).
 * Hand-written on purpose: the sameAs and uniqueItems rules compare data, never class instances by
 * their fields (two different Dates or Maps are not "the same value" here), which dequal and
 * fast-deep-equal do; test/shared/validation/objects.test.ts holds the rule.
 */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => deepEqual(item, b[i]))
  }
  const protoA = Object.getPrototypeOf(a) as unknown
  const protoB = Object.getPrototypeOf(b) as unknown
  if ((protoA !== PLAIN && protoA !== null) || (protoB !== PLAIN && protoB !== null)) return false
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  const recB = b as Record<string, unknown>
  const recA = a as Record<string, unknown>
  return keysA.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(recA[k], recB[k]))
}

/** Keys that must never be treated as data keys (prototype pollution). */
export const UNSAFE_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype'])

/** Inserts ',' every three digits of an integer digit string ('2147483647' -> '2,147,483,647'). */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
}
