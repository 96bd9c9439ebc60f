import jaUnits from '../../locales/ja/units.json' with { type: 'json' }
import jaTitles from '../../locales/ja/titles.json' with { type: 'json' }
import enUnits from '../../locales/en/units.json' with { type: 'json' }
import enTitles from '../../locales/en/titles.json' with { type: 'json' }
import type { Locale } from '../../shared/i18n/locales'
import type { MessageTree } from '../../shared/i18n/messages'

/** The message trees of every language, bundled into the server at build time. */
export const catalog: Record<Locale, MessageTree> = {
  ja: { units: jaUnits, titles: jaTitles },
  en: { units: enUnits, titles: enTitles },
}
