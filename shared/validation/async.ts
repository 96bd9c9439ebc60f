import { DEFAULT_LOCALE } from '../i18n/locales'
import { msgKey } from './define'
import { formatMessage } from './messages'
import { isEmpty } from './text'
import type { Locale, MessageValues } from './types'

/**
 * A check supplied by the caller (e.g. a database look-up). It resolves true when the value
 * is acceptable, false when it must be refused. A rejected promise propagates to the caller.
 */
export type AsyncChecker = (value: unknown) => boolean | Promise<boolean>

/** An asynchronous rule: resolves the localised message, or null when the value passes. */
export type AsyncRule = (value: unknown, locale?: Locale) => Promise<string | null>

export const DUPLICATE_KEY = msgKey('unique')

/**
 * Duplicate check: `isUnique(value)` resolves true when no other record uses the value.
 * Empty values ('' / null / undefined) pass without calling the checker.
 * Message: 'Duplicate.' (units.validation.unique).
 */
export function unique(isUnique: AsyncChecker): AsyncRule {
  return asyncCustom(isUnique, DUPLICATE_KEY)
}

/**
 * Any asynchronous check with its own message: `messageKey` is a full message id
 * ('units.validation.unique') formatted with `values`. Empty values pass unchecked.
 */
export function asyncCustom(checker: AsyncChecker, messageKey: string, values?: MessageValues): AsyncRule {
  if (typeof checker !== 'function') throw new TypeError('asyncCustom: checker must be a function')
  if (typeof messageKey !== 'string' || messageKey === '') throw new TypeError('asyncCustom: messageKey must be a message id')
  return async (value, locale = DEFAULT_LOCALE) => {
    if (isEmpty(value)) return null
    return (await checker(value)) === true ? null : formatMessage(locale, messageKey, values)
  }
}
