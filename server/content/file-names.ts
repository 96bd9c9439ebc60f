import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'

/** <name>.<language>.md, the name in a-z, 0-9 and - (not first), the language one of the list. */
const LOCALISED_FILE = new RegExp(`^([a-z0-9][a-z0-9-]*)\\.(${LOCALE_CODES.join('|')})\\.md$`)

/** The name and language of a content file written in one language (news/opening.en.md), or null. */
export function localisedFile(fileName: string): { name: string; locale: Locale } | null {
  const m = LOCALISED_FILE.exec(fileName)
  return m ? { name: m[1]!, locale: m[2] as Locale } : null
}

/** The problem for a file name localisedFile refuses, the name called `what` (slug, name). */
export function fileNameRule(what: string): string {
  const forms = LOCALE_CODES.map((code) => `<${what}>.${code}.md`)
  const listed = forms.length > 1 ? `${forms.slice(0, -1).join(', ')} or ${forms.at(-1)}` : forms[0]
  return `file name must be ${listed}, the ${what} using only a-z, 0-9 and - (not first)`
}
