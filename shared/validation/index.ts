/**
 * The validation rule catalogue (spec section 5), shared by browser and server.
 * - validateValue: one value against one rule, localised message or null
 * - catalogue: the rules as data (ids, parameters, message keys)
 * - buildSchema: a form definition as a JSON Schema for AJV + ajv-errors. Its rule keywords
 *   (`v:<id>`) are custom: compile it with an instance from createValidationAjv, or use
 *   compileForm / validateForm, which do so (formErrors maps AJV errors to field -> message)
 * - validateFields: the same form check in the browser, without AJV
 * - unique / asyncCustom: asynchronous rules; emptyToNull / nullToEmptyObject: transforms
 */
export { validateValue } from './validate'
export { catalogue, getRule, findRule, ASYNC_AND_TRANSFORMS, type FunctionEntry } from './catalogue'
export { buildSchema, ruleKeyword, type JsonSchema } from './schema'
export { validateFields } from './form'
// Server side (AJV): the browser bundle imports ./form directly, never this file, so AJV stays out of it.
export { createValidationAjv, compileForm, validateForm, formErrors } from './ajv'
export { unique, asyncCustom, type AsyncChecker, type AsyncRule } from './async'
export { emptyToNull, nullToEmptyObject } from './transforms'
export { formatMessage, confirmKeys, formKeys } from './messages'
export { todayIn, formatDay, DEFAULT_TIME_ZONE } from './rules/dates'
export { parseDate } from './params'
export { printable } from './control-chars'
export type { FieldDef, FieldRef, FormErrors, FormFields, Locale, ParamDef, ParamKind, RuleDef, RuleFamily, RuleRef } from './types'
