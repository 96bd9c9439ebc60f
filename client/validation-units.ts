import type { CompiledNode } from '../shared/i18n/messages'
import type { Locale } from '../shared/i18n/locales'

/**
 * Browser stand-in for shared/validation/units-data.ts (swapped in by build.mjs): starts empty and
 * receives the page language's (parsed) `units` tree from the client entry before the app hydrates.
 */
export const UNITS: Record<Locale, CompiledNode> = { ja: {}, en: {} }

export function provideValidationUnits(locale: Locale, units: CompiledNode): void {
  UNITS[locale] = units
}
