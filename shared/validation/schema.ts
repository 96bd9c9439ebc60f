import { DEFAULT_LOCALE } from '../i18n/locales'
import { checkField, prepareForm } from './form'
import { formatMessage, formKeys } from './messages'
import { failureMessage } from './validate'
import type { FormFields, Locale } from './types'

/** Schema keyword of a rule: `v:<rule id>`, its value the rule's parameters (registered by ./ajv). */
export const KEYWORD_PREFIX = 'v:'
export const ruleKeyword = (id: string): string => KEYWORD_PREFIX + id

/** ajv-errors reads `${...}` in a message as a data pointer; such text cannot be carried safely. */
const AJV_TEMPLATE = /\$\{[^}]+\}/

function errorMessageText(message: string, where: string): string {
  if (AJV_TEMPLATE.test(message)) throw new Error(`${where}: message ${JSON.stringify(message)} contains '\${...}', which ajv-errors would interpolate`)
  return message
}

export type JsonSchema = Record<string, unknown>

/**
 * The JSON Schema (for AJV with ajv-errors, see ./ajv) of a form definition, with the
 * messages of `locale` baked in. Each field is an `allOf` of one subschema per rule, in
 * order: `{ "v:maxChars": [50], "errorMessage": "Please enter up to 50 characters." }`.
 * The keyword runs the same pure check as validateValue, so both sides always agree.
 * A field whose rules refuse an absent value (required, requiredSelect, mustBeTrue) is
 * listed in `required`, with the message the browser gives for `undefined`.
 *
 * The `v:<id>` keywords are custom: a plain `new Ajv()` refuses the schema (unknown keyword)
 * and without ajv-errors the messages are lost. Compile it with an instance from
 * `createValidationAjv()` (registers every rule keyword and ajv-errors, `allErrors: true`),
 * and map the errors with `formErrors`; or let `compileForm(fields, locale)` /
 * `validateForm(fields, input, locale)` do both. All are exported by ./index:
 *
 *     const validate = createValidationAjv().compile(buildSchema(fields, locale))
 *     const errors = validate(input) ? {} : formErrors(validate.errors) // field -> message
 */
export function buildSchema(fields: FormFields, locale: Locale = DEFAULT_LOCALE): JsonSchema {
  const form = prepareForm(fields)
  const properties: Record<string, JsonSchema> = {}
  const required: string[] = []
  const requiredMessages: Record<string, string> = {}
  for (const field of form) {
    const allOf = field.rules.map((r) => ({
      [ruleKeyword(r.rule.id)]: r.params,
      errorMessage: errorMessageText(failureMessage(r.rule, r.messageParams, locale), `${field.name}.${r.rule.id}`),
    }))
    properties[field.name] = allOf.length ? { allOf } : {} // names are checked: never '__proto__'
    const absent = checkField(field, {}, locale)
    if (absent !== null) {
      required.push(field.name)
      requiredMessages[field.name] = errorMessageText(absent, field.name)
    }
  }
  const schema: JsonSchema = { type: 'object', properties }
  if (required.length) schema.required = required
  schema.errorMessage = {
    type: errorMessageText(formatMessage(locale, formKeys.invalid), 'form'),
    ...(required.length ? { required: requiredMessages } : {}),
  }
  return schema
}
