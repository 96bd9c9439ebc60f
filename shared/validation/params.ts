import type { FieldRef, ParamDef, RuleDef } from './types'
import { parseDate } from './calendar'

export function isTimeZone(value: unknown): value is string {
  if (typeof value !== 'string' || value === '') return false
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: value })
    return true
  } catch {
    return false
  }
}

export function isFieldRef(value: unknown): value is FieldRef {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    typeof (value as { $field?: unknown }).$field === 'string'
  )
}

/** One code point: 'a', '𠮷' (a surrogate pair) or a lone surrogate; not '' and not 'ab'. */
function isOneCodePoint(value: unknown): boolean {
  if (typeof value !== 'string' || value === '') return false
  const first = value.codePointAt(0) as number
  return value.length === (first > 0xffff ? 2 : 1)
}

function paramOk(def: ParamDef, value: unknown): boolean {
  switch (def.kind) {
    case 'length':
      return Number.isSafeInteger(value) && (value as number) >= 1
    case 'count':
      return Number.isSafeInteger(value) && (value as number) >= 0
    case 'decimals':
      return value === 1 || value === 2 || value === 3
    case 'text':
      return typeof value === 'string' && value !== ''
    case 'label':
      return typeof value === 'string'
    case 'chars':
      return (typeof value === 'string' && value !== '') || (Array.isArray(value) && value.length > 0 && value.every(isOneCodePoint))
    case 'date':
      return parseDate(value) !== null
    case 'timeZone':
      return isTimeZone(value)
    case 'variant':
      return typeof value === 'string' && (def.values ?? []).includes(value)
    case 'value':
      return true
  }
}

const EXPECTED: Record<ParamDef['kind'], string> = {
  length: 'an integer >= 1',
  count: 'an integer >= 0',
  decimals: '1, 2 or 3',
  text: 'a non-empty string',
  label: 'a string',
  chars: 'a non-empty string or a non-empty array of single characters (one code point each)',
  date: "a calendar date 'YYYY-MM-DD'",
  timeZone: 'an IANA time zone',
  variant: 'one of the listed variants',
  value: 'any value',
}

/** A parameter for an error message: strings and arrays as JSON, anything else as String(). */
function showParam(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value)
  if (Array.isArray(value)) {
    try {
      return JSON.stringify(value)
    } catch {
      return 'an array'
    }
  }
  return String(value)
}

/**
 * Checks the parameters of a rule and fills in defaults. Throws a TypeError naming the
 * rule and parameter when a parameter is missing, extra or of the wrong kind.
 */
export function checkParams(rule: RuleDef, params: readonly unknown[] | undefined): unknown[] {
  const given = params ?? []
  if (!Array.isArray(given)) throw new TypeError(`${rule.id}: parameters must be an array`)
  if (given.length > rule.params.length) {
    throw new TypeError(`${rule.id}: takes ${rule.params.length} parameter(s), got ${given.length}`)
  }
  const out = rule.params.map((def, i) => {
    if (i >= given.length || (def.optional && given[i] === undefined)) {
      if (def.optional) return def.default
      throw new TypeError(`${rule.id}: parameter ${def.name} is missing`)
    }
    const value: unknown = given[i]
    if (!paramOk(def, value)) {
      const shown = showParam(value)
      const expected = def.kind === 'variant' ? (def.values ?? []).join(' | ') : EXPECTED[def.kind]
      throw new TypeError(`${rule.id}: parameter ${def.name} must be ${expected}, got ${shown}`)
    }
    return value
  })
  rule.checkParams?.(out)
  return out
}
