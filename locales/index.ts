/**
 * The message files of every language of shared/i18n/locales.ts, for the server (bundled into it at build
 * time; the browser gets its trees from /_i18n/…). The only module that names the language folders: a
 * language added to the list gets its folder here, and the type refuses the build until it has all four.
 * - units.json, titles.json: the interface's messages (server/i18n/catalog.ts), sent to the browser too
 * - mail.json: the texts of the mails the contact form sends (server only)
 * - staff.json: the staff area's own strings (server/staff/http/catalog.ts; each staff page carries its own)
 */
import type { Locale } from '../shared/i18n/locales'
import type { MessageNode } from '../shared/i18n/messages'
import jaUnits from './ja/units.json' with { type: 'json' }
import jaTitles from './ja/titles.json' with { type: 'json' }
import jaMail from './ja/mail.json' with { type: 'json' }
import jaStaff from './ja/staff.json' with { type: 'json' }
import enUnits from './en/units.json' with { type: 'json' }
import enTitles from './en/titles.json' with { type: 'json' }
import enMail from './en/mail.json' with { type: 'json' }
import enStaff from './en/staff.json' with { type: 'json' }

export interface LocaleFiles {
  units: MessageNode
  titles: MessageNode
  mail: MessageNode
  staff: MessageNode
}

export const LOCALE_FILES: Record<Locale, LocaleFiles> = {
  ja: { units: jaUnits, titles: jaTitles, mail: jaMail, staff: jaStaff },
  en: { units: enUnits, titles: enTitles, mail: enMail, staff: enStaff },
}
