/**
 * The server's entry to the validation catalogue: everything of the index, plus the AJV side
 * (createValidationAjv, compileForm / validateForm, formErrors), which the browser never loads.
 */
import jaUnits from '../../locales/ja/units.json' with { type: 'json' }
import enUnits from '../../locales/en/units.json' with { type: 'json' }
import { provideValidationMessages } from './messages'

provideValidationMessages('ja', jaUnits)
provideValidationMessages('en', enUnits)

export * from './index'
export { createValidationAjv, compileForm, validateForm, formErrors } from './ajv'
// For the documentation generator (scripts/validation-docs.ts): a rule's parameters, checked.
export { checkParams } from './params'
