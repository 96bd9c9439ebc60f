import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import { STATIC_PAGE_IDS, type Menu, type NavLink, type StaticPageId } from '../../shared/content'
import { routes } from '../../shared/routes'
import { CONTENT_PAGE_PATH } from '../../shared/pages/content-page/route'
import { matchesPattern, PATHS } from '../../shared/paths'
import { STAFF_ROOT } from '../../shared/admin/paths'
import { CONTENT_FORMATS } from './formats'
import type { SiteFile } from './site'
import type { LeftOutPages, LoadContext, LoadedPage } from './types'

/** Whether a file of content/pages/ is one of the five built-in pages (about.ja.md), served at its fixed route. */
export const isStaticPageId = (name: string): name is StaticPageId => (STATIC_PAGE_IDS as readonly string[]).includes(name)

/** The built-in routes (every route but the one serving content/pages/). */
const builtIns = routes.filter((r) => r.path !== CONTENT_PAGE_PATH)

/**
 * Addresses the server answers outside the route table, as path prefixes: a trailing * takes every
 * path that starts with the rest ('/_*': /_locale, /_i18n…), else the path itself and those under it.
 */
const RESERVED: [prefix: string, what: string][] = [
  ['/_*', "the site's own addresses starting with /_ (/_locale, /_i18n, /_build…)"],
  ['/api', "the site's API (/api/…)"],
  // Never a public page: the staff area answers every path under it (server/plugins/staff.ts).
  [STAFF_ROOT, `the staff area (${STAFF_ROOT}/…)`],
  ['/assets', "the site's scripts and styles (/assets/…)"],
  ['/media', 'the content images (/media/…)'],
  ['/healthz', 'the health check (/healthz)'],
  ['/readyz', 'the readiness check (/readyz)'],
  // /sitemap.xml and any later /sitemap-… file. The news feeds (/news/feed.xml) are under the
  // built-in news pages, which the route check below keeps; no other address serves a feed.
  [`${PATHS.sitemap.slice(0, PATHS.sitemap.lastIndexOf('.'))}*`, `the sitemaps (${PATHS.sitemap})`],
  [PATHS.robots, 'robots.txt'],
  ...LOCALE_CODES.map((code): [string, string] => [`/${code}`, `the language prefix /${code}`]),
]

const under = (path: string, prefix: string) => (prefix.endsWith('*') ? path.startsWith(prefix.slice(0, -1)) : path === prefix || path.startsWith(prefix + '/'))

/**
 * What already answers at a locale-less path, in words, or null when a content page may have it:
 * a built-in page (any path its route pattern matches, and every path under a built-in page that
 * has pages of its own: /news/…, /contact/…, /construction-project/…) or one of the site's own addresses.
 */
export function pathTakenBy(path: string): string | null {
  for (const [prefix, what] of RESERVED) if (under(path, prefix)) return what
  const route = builtIns.find((r) => matchesPattern(r.path, path))
  if (route) return `the built-in page ${route.path}`
  const family = builtIns.find((r) => builtIns.some((child) => child.parent === r.id) && under(path, r.path))
  if (family) return `the built-in pages under ${family.path}/`
  return null
}

/** The built-in pages a menu or breadcrumb may link to: at a fixed path, indexed. */
const linkable = builtIns.filter((r) => !r.path.includes(':') && !r.noindex)

/**
 * The link to the page at a path in one language: a page of content/pages/ with its label (else
 * title), or a built-in page with its front matter `label` or its translated label (units.nav.*).
 */
export function navLink(pages: readonly NamedPage[], path: string, locale: Locale): NavLink | undefined {
  const page = pages.find((p) => p.path === path && p.locale === locale)
  if (page && !isStaticPageId(page.name)) return { path, label: page.label ?? page.title }
  const route = linkable.find((r) => r.path === path)
  if (!route) return undefined
  return page?.label !== undefined ? { path, label: page.label } : { path, labelKey: route.labelKey }
}

/** Today's menus, for a site.yml without `menus:`. */
const DEFAULT_MENUS: Record<Menu, string[]> = {
  header: (['about', 'service', 'greeting', 'projects', 'news'] as const).map((id) => PATHS[id]),
  footer: (['about', 'service', 'greeting', 'projects', 'news', 'contact', 'privacy', 'terms'] as const).map((id) => PATHS[id]),
}
const MENUS = Object.keys(DEFAULT_MENUS) as Menu[]

export type SiteMenus = Record<Menu, Record<Locale, NavLink[]>>

/** A page file with its name and language ('recruit.ja': name recruit, locale ja). */
export type NamedPage = LoadedPage & { name: string; locale: Locale }

export function withLocales(pages: ReadonlyMap<string, LoadedPage>): NamedPage[] {
  return [...pages].map(([key, page]) => ({ ...page, name: key.slice(0, key.lastIndexOf('.')), locale: key.slice(key.lastIndexOf('.') + 1) as Locale }))
}

/**
 * The header's and footer's links (site.yml `menus`, else today's menus) in each language, checked:
 * each entry is a page of the site in every language (a built-in page, or a file of content/pages/
 * in each language), once per menu. An entry is a path ('- /about') or a path with its label in each
 * language ('- { path: /recruit, label: { ja: 採用情報, en: Careers } }'). An entry whose page file
 * exists but was left out for a problem of its own (`leftOut`) is no second problem.
 */
export function siteMenus(ctx: LoadContext, site: SiteFile | null, pages: ReadonlyMap<string, LoadedPage>, leftOut: LeftOutPages): SiteMenus {
  const files = withLocales(pages)
  const menus = Object.fromEntries(MENUS.map((menu) => [menu, Object.fromEntries(LOCALE_CODES.map((code) => [code, [] as NavLink[]]))])) as SiteMenus
  for (const menu of MENUS) {
    const written: unknown[] = site?.menus?.[menu] ?? DEFAULT_MENUS[menu]
    const seen = new Map<string, number>()
    for (const [i, entry] of written.entries()) {
      const where = `site.yml: menus.${menu}[${i}]`
      const link = menuEntry(entry)
      if (typeof link === 'string') {
        ctx.problems.push(`${where}: ${link}`)
        continue
      }
      if (seen.has(link.path)) {
        ctx.problems.push(`${where}: ${link.path} is already in this menu (menus.${menu}[${seen.get(link.path)}])`)
        continue
      }
      seen.set(link.path, i)
      const found = LOCALE_CODES.map((code) => navLink(files, link.path, code))
      if (found.every((l) => l === undefined)) {
        // A left-out file that names this path, or whose path could not be read, may be this page.
        if ([...leftOut.values()].some((path) => path === null || path === link.path)) continue
        ctx.problems.push(`${where}: ${link.path} is not a page of the site: no built-in page has this address and no file in pages/ says path: ${link.path}`)
        continue
      }
      for (const [n, code] of LOCALE_CODES.entries()) {
        const target = found[n]
        if (!target) {
          const other = files.find((p) => p.path === link.path)!
          const missing = `pages/${other.name}.${code}.md`
          if (leftOut.has(missing)) continue
          ctx.problems.push(`${where}: ${link.path} has no page in ${code}: ${missing} is missing`)
          continue
        }
        menus[menu][code].push(link.label ? { path: link.path, label: link.label[code] } : target)
      }
    }
  }
  return menus
}

/** One menu entry as written: its path and labels, or why it cannot be read. */
function menuEntry(entry: unknown): { path: string; label?: Record<Locale, string> } | string {
  const shape = 'must be a path like /about, or { path: /recruit, label: { ja: 採用情報, en: Careers } }'
  const path = typeof entry === 'string' ? entry : entry && typeof entry === 'object' && !Array.isArray(entry) ? (entry as { path?: unknown }).path : undefined
  if (typeof path !== 'string') return `${shape} (got ${entry === null || entry === undefined ? 'nothing' : typeof entry === 'object' ? 'a group of fields without path' : String(entry)})`
  if (!CONTENT_FORMATS['page-path'].validate(path) && path !== '/') return `${CONTENT_FORMATS['page-path'].words} (got ${path})`
  if (typeof entry === 'string') return { path }
  const { label, ...rest } = entry as { path: string; label?: unknown }
  const unknownField = Object.keys(rest).find((k) => k !== 'path')
  if (unknownField) return `${unknownField}: is not a known field (a menu entry has path: and label:)`
  if (label === undefined) return { path }
  const texts = label && typeof label === 'object' ? (label as Record<string, unknown>) : {}
  for (const code of LOCALE_CODES) {
    const text = texts[code]
    if (typeof text !== 'string' || text.trim() === '') return `label.${code}: is required: the link's text in each language (label: { ${LOCALE_CODES.map((c) => `${c}: …`).join(', ')} })`
  }
  const extra = Object.keys(texts).find((k) => !(LOCALE_CODES as readonly string[]).includes(k))
  if (extra) return `label.${extra}: is not a known language (${LOCALE_CODES.join(', ')})`
  return { path, label: texts as Record<Locale, string> }
}
