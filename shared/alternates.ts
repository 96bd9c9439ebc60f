import { DEFAULT_LOCALE, LOCALE_CODES, localeInfo, type Locale } from './i18n/locales'
import { localizePath, splitLocalePath } from './i18n/negotiate'
import { sameSiteTarget } from './url-policy'

export interface AlternateLink {
  hreflang: string
  href: string
}

export interface Alternates {
  /** Absolute canonical URL of the page in the requested language. */
  canonical: string
  /** Absolute URL per language in which the page exists. */
  byLocale: Partial<Record<Locale, string>>
  /** hreflang links: every existing language, then x-default. Reciprocal by construction. */
  links: AlternateLink[]
  xDefault: string
}

/** Joins the public origin and a path; the root of a locale has no trailing slash, the site root keeps '/'. */
export function absoluteUrl(siteUrl: string, path: string): string {
  return siteUrl.replace(/\/+$/, '') + path
}

/**
 * Relative URL of a page in each language where it exists. `path` is locale-less and may
 * carry the page's canonical query ('/news?page=2').
 */
export function alternatePaths(path: string, available: readonly Locale[] = LOCALE_CODES): Partial<Record<Locale, string>> {
  const paths: Partial<Record<Locale, string>> = {}
  for (const code of LOCALE_CODES) if (available.includes(code)) paths[code] = localizePath(path, code)
  return paths
}

/**
 * The single source of a page's URLs: head tags, sitemaps and the language switcher all
 * read this, so they cannot disagree. `path` is locale-less ('/about', '/news/x').
 */
export function computeAlternates(
  path: string,
  locale: Locale,
  siteUrl: string,
  available: readonly Locale[] = LOCALE_CODES,
): Alternates {
  const locales = LOCALE_CODES.filter((code) => available.includes(code))
  const paths = alternatePaths(path, locales)
  const byLocale: Partial<Record<Locale, string>> = {}
  for (const code of locales) byLocale[code] = absoluteUrl(siteUrl, paths[code]!)
  const canonical = absoluteUrl(siteUrl, localizePath(path, locale))
  const xDefault = byLocale[DEFAULT_LOCALE] ?? byLocale[locales[0] ?? locale] ?? canonical
  const links: AlternateLink[] = locales.map((code) => ({ hreflang: localeInfo(code).hreflang, href: byLocale[code]! }))
  links.push({ hreflang: 'x-default', href: xDefault })
  return { canonical, byLocale, links, xDefault }
}

/**
 * Where the language switch (/_locale/{code}?to=) sends a visitor: `to` (a path and query in any
 * language) in language `code`, or null when the final location, after its prefix is stripped and the
 * new one added, would not be a path on this site ('/en//evil.example' becomes '//evil.example').
 */
export function switchLocation(to: string, code: Locale): string | null {
  const target = sameSiteTarget(to)
  if (target === null) return null
  const q = target.indexOf('?')
  const [pathname, search] = q < 0 ? [target, ''] : [target.slice(0, q), target.slice(q)]
  return sameSiteTarget(localizePath(splitLocalePath(pathname).path + search, code))
}
