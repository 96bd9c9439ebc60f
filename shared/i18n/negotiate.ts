import { DEFAULT_LOCALE, isLocale, LOCALE_CODES, type Locale } from './locales'

/** Matches crawlers and audit tools; they are never redirected and never get the client error page. */
export const BOT_PATTERN = /bot|lighthouse|facebookexternalhit|google/i

export function isBot(userAgent: string | undefined | null): boolean {
  return !!userAgent && BOT_PATTERN.test(userAgent)
}

/** Parses an Accept-Language header into language tags ordered by quality (highest first). */
export function parseAcceptLanguage(header: string | undefined | null): string[] {
  if (!header) return []
  const entries: { tag: string; q: number; index: number }[] = []
  header.split(',').forEach((part, index) => {
    const [rawTag, ...params] = part.trim().split(';')
    const tag = (rawTag ?? '').trim().toLowerCase()
    if (!tag || tag.length > 64) return
    let q = 1
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p)
      if (m) q = Number(m[1])
    }
    if (!Number.isFinite(q) || q <= 0) return
    entries.push({ tag, q, index })
  })
  entries.sort((a, b) => b.q - a.q || a.index - b.index)
  return entries.map((e) => e.tag)
}

/** First supported language in an Accept-Language list ('en-US' counts as 'en'), or null. */
export function localeFromAcceptLanguage(header: string | undefined | null): Locale | null {
  for (const tag of parseAcceptLanguage(header)) {
    const primary = tag.split('-')[0]
    if (isLocale(primary)) return primary
  }
  return null
}

export interface NegotiationInput {
  cookie?: string | undefined
  acceptLanguage?: string | undefined
  fallback?: Locale
}

export interface Negotiation {
  locale: Locale
  /** Where the choice came from; 'cookie' means nothing needs to be written. */
  source: 'cookie' | 'accept-language' | 'fallback'
}

/** First-load choice: stored cookie, then the browser's list, then the configured fallback. */
export function negotiateLocale({ cookie, acceptLanguage, fallback = DEFAULT_LOCALE }: NegotiationInput): Negotiation {
  if (isLocale(cookie)) return { locale: cookie, source: 'cookie' }
  const fromHeader = localeFromAcceptLanguage(acceptLanguage)
  if (fromHeader) return { locale: fromHeader, source: 'accept-language' }
  return { locale: fallback, source: 'fallback' }
}

export interface LocalizedPath {
  locale: Locale
  /** The locale prefix as written in the URL ('' for the unprefixed Japanese form). */
  prefix: '' | `/${Locale}`
  /** The path without the prefix, always starting with '/'. */
  path: string
}

/** Splits '/en/news' into { locale: 'en', prefix: '/en', path: '/news' }; unprefixed paths are Japanese. */
export function splitLocalePath(pathname: string): LocalizedPath {
  for (const code of LOCALE_CODES) {
    const prefix = `/${code}` as const
    if (pathname === prefix || pathname.startsWith(prefix + '/')) {
      return { locale: code, prefix, path: pathname.slice(prefix.length) || '/' }
    }
  }
  return { locale: DEFAULT_LOCALE, prefix: '', path: pathname || '/' }
}

/** The public path of a locale-less path (with its query, if any) in a language: Japanese is unprefixed, others get '/{code}'. */
export function localizePath(path: string, locale: Locale): string {
  const clean = path.startsWith('/') ? path : `/${path}`
  if (locale === DEFAULT_LOCALE) return clean
  const q = clean.indexOf('?')
  const [pathname, search] = q < 0 ? [clean, ''] : [clean.slice(0, q), clean.slice(q)]
  return (pathname === '/' ? `/${locale}` : `/${locale}${pathname}`) + search
}
