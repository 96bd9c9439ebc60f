/** The one place where the supported interface languages are configured. */
export type Locale = 'ja' | 'en'

export interface LocaleInfo {
  code: Locale
  /** Display name in the language itself (Japanese in Japanese script). */
  name: string
  /** Value for hreflang attributes. */
  hreflang: string
  /** Open Graph locale. */
  ogLocale: string
}

export const LOCALES: readonly LocaleInfo[] = [
  { code: 'ja', name: '日本語', hreflang: 'ja', ogLocale: 'ja_JP' },
  { code: 'en', name: 'English', hreflang: 'en', ogLocale: 'en_US' },
]

export const LOCALE_CODES: readonly Locale[] = LOCALES.map((l) => l.code)
export const DEFAULT_LOCALE: Locale = 'ja'

export const LOCALE_COOKIE = {
  name: 'i18n_redirected',
  maxAgeSeconds: 365 * 24 * 60 * 60,
  path: '/',
} as const

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALE_CODES as readonly string[]).includes(value)
}

export function localeInfo(code: Locale): LocaleInfo {
  const info = LOCALES.find((l) => l.code === code)
  if (!info) throw new Error(`unsupported locale ${code}`)
  return info
}
