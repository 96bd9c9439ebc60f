import { DEFAULT_LOCALE } from '../i18n/locales'
import { getRule } from './catalogue'
import { formatMessage, formKeys } from './messages'
import { checkParams, isFieldRef } from './params'
import { UNSAFE_KEYS } from './text'
import type { FormErrors, FormFields, Locale, RuleDef } from './types'
import { failureMessage, passes } from './validate'

export interface PreparedRule {
  rule: RuleDef
  /** Parameters as written in the form definition (may hold { $field } references). */
  params: readonly unknown[]
  hasRefs: boolean
  /** Checked parameters for the message (references left in place; messages never show them). */
  messageParams: readonly unknown[]
}

export interface PreparedField {
  name: string
  rules: readonly PreparedRule[]
}

const prepared = new WeakMap<FormFields, PreparedField[]>()

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * Checks a form definition once (unknown rule ids, bad parameters, references to unknown
 * fields, unsafe field names all throw) and returns its fields in definition order.
 */
export function prepareForm(fields: FormFields): PreparedField[] {
  const cached = prepared.get(fields)
  if (cached) return cached
  if (!isPlainObject(fields)) throw new TypeError('a form definition must be an object of fields')
  const names = Object.keys(fields)
  const out = names.map((name): PreparedField => {
    // Names of Object.prototype members ('__proto__', 'constructor', 'toString', ...) are refused:
    // ajv-errors looks messages up in plain objects and would find the inherited member.
    if (name === '' || UNSAFE_KEYS.has(name) || name in Object.prototype) throw new TypeError(`unsafe or empty field name ${JSON.stringify(name)}`)
    const field = fields[name]
    if (!field || !Array.isArray(field.rules)) throw new TypeError(`field ${name}: rules must be an array`)
    const rules = field.rules.map((ref): PreparedRule => {
      const rule = getRule(ref.id)
      const params: readonly unknown[] = ref.params ?? []
      let hasRefs = false
      params.forEach((p, i) => {
        if (!isFieldRef(p)) return
        if (!rule.params[i]?.fieldRef) throw new TypeError(`field ${name}: ${rule.id} parameter ${i + 1} cannot be a field reference`)
        if (!Object.prototype.hasOwnProperty.call(fields, p.$field)) throw new TypeError(`field ${name}: ${rule.id} refers to unknown field ${p.$field}`)
        hasRefs = true
      })
      return { rule, params, hasRefs, messageParams: checkParams(rule, params) }
    })
    return { name, rules }
  })
  prepared.set(fields, out)
  return out
}

/** The value of a field in posted data: own properties only (never Object.prototype's). */
export function fieldValue(data: unknown, name: string): unknown {
  return isPlainObject(data) && Object.prototype.hasOwnProperty.call(data, name) ? data[name] : undefined
}

/** Parameters with every { $field } reference replaced by that field's value in `data`. */
export function resolveParams(params: readonly unknown[], data: unknown): unknown[] {
  return params.map((p) => (isFieldRef(p) ? fieldValue(data, p.$field) : p))
}

/** The verdict of one prepared rule on a value, references resolved against `data`. */
export function rulePasses(r: PreparedRule, value: unknown, data: unknown): boolean {
  const params = r.hasRefs ? checkParams(r.rule, resolveParams(r.params, data)) : r.messageParams
  return passes(r.rule, value, params)
}

/** The message of the first rule of `field` that `data` breaks, or null. */
export function checkField(field: PreparedField, data: unknown, locale: Locale): string | null {
  const value = fieldValue(data, field.name)
  for (const r of field.rules) {
    if (!rulePasses(r, value, data)) return failureMessage(r.rule, r.messageParams, locale)
  }
  return null
}

/**
 * Browser-side check of a whole form: field -> message of its first failing rule (fields
 * that pass are absent). Input that is not an object gives { '': units.form.invalid }.
 * The server-side `validateForm` of ./ajv returns the same object for the same input.
 */
export function validateFields(fields: FormFields, input: unknown, locale: Locale = DEFAULT_LOCALE): FormErrors {
  const form = prepareForm(fields)
  if (!isPlainObject(input)) return { '': formatMessage(locale, formKeys.invalid) }
  const errors: FormErrors = {}
  for (const field of form) {
    const message = checkField(field, input, locale)
    if (message !== null) errors[field.name] = message
  }
  return errors
}
