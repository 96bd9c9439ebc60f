import jaUnits from '../../locales/ja/units.json' with { type: 'json' }
import enUnits from '../../locales/en/units.json' with { type: 'json' }
import type { MessageNode } from '../i18n/messages'
import type { Locale } from './types'

/**
 * The `units` message trees the catalogue formats with. The browser build swaps this module for
 * client/validation-units.ts (see build.mjs), which holds the trees the page has already loaded,
 * so the message files are not bundled into the client a second time.
 */
export const UNITS: Record<Locale, MessageNode> = { ja: jaUnits, en: enUnits }
