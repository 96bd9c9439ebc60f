import { DEFAULT_LOCALE, localeInfo } from '../i18n/locales'
import { getRule } from './catalogue'
import { renderMessage } from './messages'
import { checkParams } from './params'
import { isEmpty } from './text'
import type { Locale, RuleDef } from './types'

/**
 * The verdict of a rule on a value, with already checked parameters: empty values
 * ('' / null / undefined) pass every rule except those that judge emptiness themselves.
 */
export function passes(rule: RuleDef, value: unknown, checkedParams: readonly unknown[]): boolean {
  if (!rule.judgesEmpty && isEmpty(value)) return true
  return rule.test(value, checkedParams)
}

/** The failure message of a rule with checked parameters, in `locale`. */
export function failureMessage(rule: RuleDef, checkedParams: readonly unknown[], locale: Locale): string {
  return renderMessage(rule.message(checkedParams, locale), locale)
}

/**
 * Checks one value against one synchronous rule of the catalogue.
 * Returns the localised message when the value breaks the rule, null when it passes.
 * Throws for an unknown rule id, bad parameters or an unsupported locale.
 */
export function validateValue(ruleId: string, value: unknown, params?: unknown[], locale: Locale = DEFAULT_LOCALE): string | null {
  const rule = getRule(ruleId)
  const checked = checkParams(rule, params)
  localeInfo(locale) // a TypeError for an unsupported locale
  return passes(rule, value, checked) ? null : failureMessage(rule, checked, locale)
}
