import { localeInfo, LOCALE_CODES, type Locale } from './i18n/locales'
import type { Alternates } from './alternates'

export const TITLE_DIVIDER = ' | '

/** 'term-of-service' -> 'Term Of Service' (the title of a route that has none). */
export function titleCase(segment: string): string {
  return segment
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ')
}

export interface TitleInput {
  siteName: string
  /** Locale-less path of the page. */
  path: string
  isIndex: boolean
  title?: string | undefined
  development?: boolean
}

/** The title rule: index -> site name; others -> title | site name; development -> 'sample'. */
export function buildTitle({ siteName, path, isIndex, title, development }: TitleInput): string {
  if (development) return 'sample'
  if (isIndex) return siteName
  const segments = path.split('/').filter(Boolean)
  const pageTitle = title?.trim() || titleCase(segments[segments.length - 1] ?? '') || siteName
  return `${pageTitle}${TITLE_DIVIDER}${siteName}`
}

export interface HeadData {
  lang: Locale
  title: string
  description: string
  ogTitle: string
  ogDescription: string
  ogLocale: string
  ogLocaleAlternates: string[]
  ogUrl: string
  /** 'article' for news articles, else 'website'. */
  ogType: 'website' | 'article'
  /** The page's picture for link previews (absolute URL), when it has one. */
  ogImage?: { url: string; width: number; height: number; alt: string } | undefined
  siteName: string
  /** Absent on error pages, which have no URL of their own to canonicalise to. */
  canonical: string | null
  alternates: Alternates['links']
  noindex: boolean
  /** JSON-LD objects (schema.org). */
  jsonLd: object[]
  /** Atom feed linked from the head. */
  feed?: { href: string; title: string } | undefined
}

export interface HeadInput {
  locale: Locale
  title: string
  /** Route description; falls back to the site default. */
  description?: string | undefined
  defaultDescription: string
  siteName: string
  alternates: Alternates
  noindex?: boolean | undefined
  /** Error pages: no canonical, no hreflang. */
  isError?: boolean | undefined
  jsonLd?: object[]
  feed?: HeadData['feed']
  ogType?: HeadData['ogType'] | undefined
  ogImage?: HeadData['ogImage']
}

export function buildHead(input: HeadInput): HeadData {
  const description = input.description?.trim() || input.defaultDescription
  const others = LOCALE_CODES.filter((c) => c !== input.locale && input.alternates.byLocale[c])
  return {
    lang: input.locale,
    title: input.title,
    description,
    ogTitle: input.title,
    ogDescription: description,
    ogLocale: localeInfo(input.locale).ogLocale,
    ogLocaleAlternates: others.map((c) => localeInfo(c).ogLocale),
    ogUrl: input.alternates.canonical,
    ogType: input.ogType ?? 'website',
    ...(input.ogImage ? { ogImage: input.ogImage } : {}),
    siteName: input.siteName,
    canonical: input.isError ? null : input.alternates.canonical,
    alternates: input.isError || input.noindex ? [] : input.alternates.links,
    noindex: !!input.noindex || !!input.isError,
    jsonLd: input.jsonLd ?? [],
    ...(input.feed ? { feed: input.feed } : {}),
  }
}
