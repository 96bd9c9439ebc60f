import type { Locale } from './i18n/locales'
import type { Menu, SiteInfo } from './content'

export interface PageError {
  statusCode: number
  statusMessage: string
}

/**
 * Everything the app needs to render a page: computed by the server, shipped to the
 * browser in a non-executable JSON script so hydration renders the same tree.
 */
export interface PageState {
  locale: Locale
  /** URL prefix the page was requested under: '' (unprefixed Japanese), '/ja' or '/en'. */
  basename: '' | `/${Locale}`
  /** Locale-less path, e.g. '/news/new-office'. */
  path: string
  routeId: string | null
  params: Record<string, string>
  data: unknown
  error: PageError | null
  /** Relative target of the language switch per language (same page, or its nearest parent). */
  switchTargets: Partial<Record<Locale, string>>
  buildId: string
  /** Current year on the server, for the footer (keeps hydration deterministic). */
  year: number
  /** The company's identity in the page's language (header, footer, structured data). */
  site: SiteInfo
  /** The header's and the footer's links in the page's language, in order (site.yml `menus`). */
  menus: Record<Menu, MenuLink[]>
}

/** One link of a menu: a locale-less path and its text in the page's language. */
export interface MenuLink {
  path: string
  label: string
}

export const PAGE_STATE_ID = '__page_state'

/** The meta element listing what a page that hydrates later fetches ahead once idle (client/hydrate.ts). */
export const PREFETCH_META = 'prefetch-when-idle'

/** Codes with a translated title and description (errors.{code} in each language's titles.json). */
export const DESCRIBED_STATUS_CODES = [400, 401, 403, 404, 413, 414, 415, 429, 500, 503] as const

export function errorTitleKey(code: number): string | null {
  return (DESCRIBED_STATUS_CODES as readonly number[]).includes(code) ? `titles.errors.${code}` : null
}
