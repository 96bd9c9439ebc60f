import type { Locale } from './i18n/locales'
import type { SiteInfo } from './content'

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
}

export const PAGE_STATE_ID = '__page_state'
