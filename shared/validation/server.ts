/**
 * The server's entry to the validation catalogue: everything of the index, plus the AJV side, which the
 * browser never loads: createAjv (the project's one AJV factory: configuration, content, request schemas),
 * createValidationAjv, compileForm / validateForm, formErrors.
 */
import { LOCALE_FILES } from '../../locales'
import { LOCALE_CODES } from '../i18n/locales'
import { provideValidationMessages } from './messages'

for (const code of LOCALE_CODES) provideValidationMessages(code, LOCALE_FILES[code].units)

export * from './index'
export { createAjv, createValidationAjv, compileForm, validateForm, formErrors, type AjvSetup } from './ajv'
// For the documentation generator (scripts/validation-docs.ts): a rule's parameters, checked.
export { checkParams } from './params'
