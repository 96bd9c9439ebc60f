/**
 * Types of the validation rule catalogue. A rule is data (id, parameters, message keys)
 * plus two small pure functions: `test` (does a non-empty value pass?) and `message`
 * (which message id, with which ICU values, reports a failure).
 */
import type { Locale } from '../i18n/locales'
export type { Locale }

/** Values handed to an ICU message; numbers are pre-formatted strings where exactness matters. */
export type MessageValues = Record<string, string | number>

export interface MessageRef {
  /** Full message id, e.g. 'units.validation.maxChars'. */
  key: string
  values?: MessageValues
}

export type RuleFamily =
  | 'strings'
  | 'characters'
  | 'contact'
  | 'network'
  | 'identifiers'
  | 'dates'
  | 'numbers'
  | 'booleans'
  | 'arrays'
  | 'objects'

/**
 * How a parameter is checked before the rule runs (a bad parameter is a programming
 * error and throws a TypeError):
 * - length: integer >= 1; count: integer >= 0; decimals: 1, 2 or 3
 * - text: non-empty string; label: any string; date: a real calendar date 'YYYY-MM-DD'
 * - chars: a set of characters: a non-empty string (each code point one character) or a
 *   non-empty array of strings of exactly one code point each
 * - timeZone: an IANA time zone; variant: one of `values`; value: anything
 */
export type ParamKind = 'length' | 'count' | 'decimals' | 'text' | 'label' | 'chars' | 'date' | 'timeZone' | 'variant' | 'value'

export interface ParamDef {
  name: string
  kind: ParamKind
  /** Allowed values of a 'variant' parameter. */
  values?: readonly string[]
  /** Optional parameters take `default` when omitted (undefined means "computed"). */
  optional?: boolean
  default?: unknown
  /** In a form definition, the parameter may be `{ $field: 'other' }` (another field's value). */
  fieldRef?: boolean
  /** Shown in the documentation. */
  description: string
  /** Used to render the example messages of the documentation. */
  example: unknown
}

export interface RuleDef {
  /** Stable id, used by validateValue, form definitions and schema keywords. */
  id: string
  family: RuleFamily
  /** English one-liner: what a value must be to pass (documentation). */
  summary: string
  params: readonly ParamDef[]
  /** Every message id the rule can report (one per variant). */
  messageKeys: readonly string[]
  /**
   * True for the three rules that judge empty values ('' / null / undefined) themselves
   * (required, requiredSelect, mustBeTrue); every other rule passes an empty value.
   */
  judgesEmpty?: boolean
  /** Extra consistency check of the (individually valid) parameters; throws a TypeError. */
  checkParams?(params: readonly unknown[]): void
  /** True when `value` passes; `params` are already checked and defaulted. */
  test(value: unknown, params: readonly unknown[]): boolean
  /** The failure message of this rule with these (checked) parameters in `locale`. */
  message(params: readonly unknown[], locale: Locale): MessageRef
}

/** Form definitions: a parameter that takes another field's value at validation time. */
export interface FieldRef {
  $field: string
}

/** One rule applied to a field: `{ id: 'maxChars', params: [50] }`. */
export interface RuleRef {
  id: string
  params?: readonly unknown[]
}

/** One field of a form: its rules, checked in order; the first failing rule reports. */
export interface FieldDef {
  rules: readonly RuleRef[]
}

/**
 * A form definition: field name -> rules. Field names are the keys of the posted object.
 * Example: `{ email: { rules: [{ id: 'required' }, { id: 'email' }] },
 *             emailConfirm: { rules: [{ id: 'sameAs', params: [{ $field: 'email' }] }] } }`
 */
export type FormFields = Readonly<Record<string, FieldDef>>

/** Per-field messages of a failed form check ('' = the input is not an object at all). */
export type FormErrors = Record<string, string>
