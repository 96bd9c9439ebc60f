/**
 * The validation rule catalogue, shared by browser and server: everything outside shared/validation/
 * imports from here (the browser too: nothing here pulls in AJV), or from ./server on the server.
 * - validateValue: one value against one rule, localised message or null
 * - catalogue: the rules as data (ids, parameters, message keys)
 * - buildSchema: a form definition as a JSON Schema for AJV + ajv-errors; its custom rule keywords
 *   (`v:<id>`) need the AJV instance of ./server (createValidationAjv, compileForm, validateForm)
 * - validateFields: the same form check in the browser, without AJV
 * - unique / asyncCustom: asynchronous rules; emptyToNull / nullToEmptyObject: transforms
 */
export { validateValue } from './validate'
export { catalogue, getRule, findRule, ASYNC_AND_TRANSFORMS, type FunctionEntry } from './catalogue'
export { buildSchema, ruleKeyword, type JsonSchema } from './schema'
export { validateFields } from './form'
export { unique, asyncCustom, type AsyncChecker, type AsyncRule } from './async'
export { emptyToNull, nullToEmptyObject } from './transforms'
export { formatMessage, confirmKeys, formKeys, provideValidationMessages } from './messages'
export { todayIn, formatDay, DEFAULT_TIME_ZONE, parseDate, daysInMonth } from './calendar'
export { printable, CONTROL_RUNS, JSON_UNESCAPED } from './control-chars'
export type { FieldDef, FieldRef, FormErrors, FormFields, Locale, ParamDef, ParamKind, RuleDef, RuleFamily, RuleRef } from './types'
