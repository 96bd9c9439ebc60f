import { LOCALE_FILES } from '../../locales'
import { perLocale, type Locale } from '../../shared/i18n/locales'
import type { MessageTree } from '../../shared/i18n/messages'

/** The message trees of every language, bundled into the server at build time. */
export const catalog: Record<Locale, MessageTree> = perLocale((code) => ({ units: LOCALE_FILES[code].units, titles: LOCALE_FILES[code].titles }))
