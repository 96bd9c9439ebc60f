/**
 * The validation rule catalogue's browser-safe entry: no AJV and no message files, so the browser
 * bundle carries neither. Messages come from whoever runs it: the browser hands over the trees its
 * page loaded (provideValidationMessages); on the server import ./server instead, which loads
 * locales/{ja,en}/units.json and adds the AJV side. Formatting a message in a language nobody
 * provided throws (it never answers message ids as text).
 * - validateValue: one value against one rule, localised message or null
 * - catalogue: the rules as data (ids, parameters, message keys)
 * - buildSchema: a form definition as a JSON Schema for AJV + ajv-errors; its custom rule keywords
 *   (`v:<id>`) need the AJV instance of ./server (createValidationAjv, compileForm, validateForm, formErrors)
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
