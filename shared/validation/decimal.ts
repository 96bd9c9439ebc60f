/**
 * Exact decimal text handling for the number rules: numbers are judged on the text as
 * typed ('1.50' has two decimals) and compared digit by digit, never through a float
 * (9999999999999.99 and 9999999999999.991 are the same double).
 */
export interface Decimal {
  negative: boolean
  /** Integer digits without leading zeros ('' for zero). */
  int: string
  /** Fraction digits as typed (trailing zeros kept). */
  frac: string
}

/**
 * Accepted text: an optional '-', half-width digits, optionally '.' and at least one digit.
 * Rejected: '+1', '.5', '1.', '1e3', '1,000', full-width digits, white space. A number value
 * is judged on its JavaScript text, so 1e21 (written '1e+21') fails like '1e3'.
 */
const DECIMAL_RE = /^(-?)([0-9]+)(?:\.([0-9]+))?$/

export function parseDecimal(value: unknown): Decimal | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value
  if (typeof text !== 'string') return null
  const m = DECIMAL_RE.exec(text)
  if (!m) return null
  return { negative: m[1] === '-', int: (m[2] ?? '').replace(/^0+/, ''), frac: m[3] ?? '' }
}

/** Compares two non-negative decimals given as parts: -1, 0 or 1. */
function compareMagnitude(a: Decimal, b: Decimal): number {
  if (a.int.length !== b.int.length) return a.int.length < b.int.length ? -1 : 1
  if (a.int !== b.int) return a.int < b.int ? -1 : 1
  const width = Math.max(a.frac.length, b.frac.length)
  const fa = a.frac.padEnd(width, '0')
  const fb = b.frac.padEnd(width, '0')
  return fa === fb ? 0 : fa < fb ? -1 : 1
}

const isZero = (d: Decimal) => d.int === '' && /^0*$/.test(d.frac)

/** True when the decimal `d` is at most the (non-negative) decimal `max`. */
export function notAbove(d: Decimal, max: Decimal): boolean {
  if (d.negative && !isZero(d)) return true
  return compareMagnitude(d, max) <= 0
}

/** Parses a constant such as '9999999999999.99' (throws on a bad constant). */
export function decimal(text: string): Decimal {
  const d = parseDecimal(text)
  if (!d) throw new Error(`bad decimal constant ${text}`)
  return d
}
