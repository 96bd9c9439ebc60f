/**
 * Server-side validation: AJV with ajv-errors and one keyword per catalogue rule. Each
 * keyword calls the same pure check as validateValue, so the server refuses exactly what
 * the browser refuses, with the same message. No node: imports (AJV also runs in browsers).
 */
import { Ajv, type ErrorObject, type Options, type ValidateFunction } from 'ajv'
import ajvErrors from 'ajv-errors'
import { catalogue } from './catalogue'
import { rulePasses, type PreparedRule } from './form'
import { checkParams, isFieldRef } from './params'
import { buildSchema, ruleKeyword } from './schema'
import { DEFAULT_LOCALE } from '../i18n/locales'
import type { FormErrors, FormFields, Locale } from './types'

/** What a use adds to AJV's own options (coerceTypes, useDefaults, allErrors, strict, formats…). */
export interface AjvSetup extends Options {
  /** ajv-errors' `errorMessage` keyword (it needs `allErrors: true`). */
  errorMessages?: boolean
  /** One keyword per catalogue rule, `v:<id>` (./schema), running the same pure check as validateValue. */
  ruleKeywords?: boolean
}

/**
 * The project's one AJV factory: every validator is compiled by an instance from here (a test counts
 * `new Ajv(`). Each use passes what differs: the configuration coerces and fills in defaults
 * (server/config.ts), the content reports every error verbosely with its written formats
 * (server/content/validators.ts), route schemas take the input as sent (server/request-schemas.ts,
 * Fastify's validator compiler), forms add ajv-errors and the rule keywords (createValidationAjv).
 * Formats are AJV's own `formats` option. On the server only: the browser bundle never loads AJV.
 */
export function createAjv({ errorMessages = false, ruleKeywords = false, ...options }: AjvSetup = {}): Ajv {
  const ajv = new Ajv(options)
  if (errorMessages) ajvErrors(ajv)
  if (!ruleKeywords) return ajv
  for (const rule of catalogue) {
    ajv.addKeyword({
      keyword: ruleKeyword(rule.id),
      schemaType: 'array',
      compile(params: unknown[]) {
        const messageParams = checkParams(rule, params) // bad parameters fail at compile time
        const prepared: PreparedRule = { rule, params, hasRefs: params.some(isFieldRef), messageParams }
        return (data: unknown, cxt?: { parentData?: unknown }) => rulePasses(prepared, data, cxt?.parentData)
      },
    })
  }
  return ajv
}

/**
 * An AJV instance for form schemas (buildSchema): every rule keyword (`v:<id>`) and ajv-errors.
 * `allErrors` is required by ajv-errors; `ownProperties` keeps inherited properties out of the data.
 */
export function createValidationAjv(options: Options = {}): Ajv {
  return createAjv({ allErrors: true, ownProperties: true, ...options, errorMessages: true, ruleKeywords: true })
}

let shared: Ajv | undefined
const compiled = new WeakMap<FormFields, Map<Locale, ValidateFunction>>()

/** The compiled validator of a form definition in one locale (cached per definition object). */
export function compileForm(fields: FormFields, locale: Locale = DEFAULT_LOCALE): ValidateFunction {
  let byLocale = compiled.get(fields)
  if (!byLocale) compiled.set(fields, (byLocale = new Map()))
  let validate = byLocale.get(locale)
  if (!validate) {
    shared ??= createValidationAjv()
    const schema = buildSchema(fields, locale)
    validate = shared.compile(schema)
    // AJV keeps every compiled schema object in its own cache; the WeakMap above is the
    // cache here, so a definition built per request is not retained forever.
    shared.removeSchema(schema)
    byLocale.set(locale, validate)
  }
  return validate
}

const decodePointer = (segment: string) => segment.replace(/~1/g, '/').replace(/~0/g, '~')

/**
 * Field -> first message, from the errors of a validator compiled from buildSchema.
 * A missing required field is reported by ajv-errors at the root with the field in
 * params.errors[].params.missingProperty; a type error of the root becomes the '' entry.
 */
export function formErrors(errors: readonly ErrorObject[] | null | undefined): FormErrors {
  const out: FormErrors = {}
  const put = (field: string, message: string | undefined) => {
    if (message !== undefined && !Object.prototype.hasOwnProperty.call(out, field)) out[field] = message
  }
  for (const error of errors ?? []) {
    if (error.instancePath === '') {
      const inner = (error.params as { errors?: ErrorObject[] }).errors ?? []
      for (const e of inner) {
        if (e.keyword === 'required') put(String((e.params as { missingProperty?: unknown }).missingProperty), error.message)
        else if (e.keyword === 'type') put('', error.message)
      }
      continue
    }
    const field = decodePointer(error.instancePath.split('/')[1] ?? '')
    put(field, error.message)
  }
  return out
}

/**
 * Validates posted data against a form definition on the server: field -> localised
 * message of its first failing rule; {} when everything passes.
 */
export function validateForm(fields: FormFields, input: unknown, locale: Locale = DEFAULT_LOCALE): FormErrors {
  const validate = compileForm(fields, locale)
  return validate(input) ? {} : formErrors(validate.errors)
}
