import type { MessageNode } from '../shared/i18n/messages'
import type { Locale } from '../shared/i18n/locales'

/**
 * Browser stand-in for shared/validation/units-data.ts (swapped in by build.mjs): starts empty and
 * receives the page language's `units` tree from the client entry before the app hydrates.
 */
export const UNITS: Record<Locale, MessageNode> = { ja: {}, en: {} }

export function provideValidationUnits(locale: Locale, units: MessageNode): void {
  UNITS[locale] = units
}
