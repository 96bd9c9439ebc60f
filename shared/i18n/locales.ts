/**
 * The one place where the supported interface languages are configured: every other module iterates
 * this list (LOCALES, LOCALE_CODES, DEFAULT_LOCALE) or reads an entry's fields (localeInfo), and never
 * writes a language code itself; test/one-place.test.ts checks it. The messages are in locales/<code>/.
 * A rule about the Japanese language itself (phrase breaking, the reading of names in kana) names it once.
 */
export interface LocaleInfo {
  code: string
  /** Display name in the language itself (Japanese in Japanese script). */
  name: string
  /** Value for hreflang attributes. */
  hreflang: string
  /** Open Graph locale. */
  ogLocale: string
  /** The locale dates and numbers are formatted in (Intl). */
  intl: string
  /** What follows a floor area in square metres (its separator included). */
  areaUnit: string
}

/** The first is the default: unprefixed paths are in it (/news), the others are under /<code> (/en/news). */
export const LOCALES = [
  { code: 'ja', name: '日本語', hreflang: 'ja', ogLocale: 'ja_JP', intl: 'ja-JP', areaUnit: '㎡' },
  { code: 'en', name: 'English', hreflang: 'en', ogLocale: 'en_US', intl: 'en-GB', areaUnit: ' m²' },
] as const satisfies readonly LocaleInfo[]

export type Locale = (typeof LOCALES)[number]['code']

export const LOCALE_CODES: readonly Locale[] = LOCALES.map((l) => l.code)
export const DEFAULT_LOCALE: Locale = LOCALES[0].code

export const LOCALE_COOKIE = {
  name: 'i18n_redirected',
  maxAgeSeconds: 365 * 24 * 60 * 60,
  path: '/',
} as const

export function isLocale(value: unknown): value is Locale {
  return (LOCALE_CODES as readonly unknown[]).includes(value)
}

/** A language's entry of the list; a TypeError for anything not in it (a caller's mistake, never a visitor's input). */
export function localeInfo(code: Locale): LocaleInfo {
  const info = LOCALES.find((l) => l.code === code)
  if (!info) throw new TypeError(`unsupported locale ${code}`)
  return info
}

/** A language's name in English, the language of what operators read (content warnings, generated docs). */
export function englishName(code: Locale): string {
  return new Intl.DisplayNames('en', { type: 'language' }).of(code) ?? code
}

/** One value per language, built by `make` in the list's order: the typed record of every language. */
export function perLocale<T>(make: (code: Locale) => T): Record<Locale, T> {
  return Object.fromEntries(LOCALE_CODES.map((code) => [code, make(code)])) as Record<Locale, T>
}
