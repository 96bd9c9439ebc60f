import { existsSync } from 'node:fs'
import { extname, join } from 'node:path'
import { englishName, LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import { STATIC_PAGE_IDS } from '../../shared/content'
import { imageWidths } from '../../shared/images'
import type { LoadContext } from './types'

/**
 * Warnings: what a writer would want to know but does not stop the site (an article in one language
 * only, an image far larger than the site shows it, a page no menu links to). Each is one line like a
 * problem ('file: field: what, in words'); content:check prints them, the server logs them.
 */

/** A source image above this many bytes is worth a warning, whatever its width. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`

/**
 * The warning for a source image much larger than the site uses: wider than twice the widest variant
 * the site makes of it, or over 2 MB. Vector images (SVG) are never too large. Null: nothing to say.
 */
export function oversizedImage(file: string, width: number, bytes: number): string | null {
  if (extname(file).toLowerCase() === '.svg') return null
  const widest = imageWidths(width).at(-1)!
  const tooWide = width > 2 * widest
  const tooHeavy = bytes > IMAGE_MAX_BYTES
  if (!tooWide && !tooHeavy) return null
  const size = [tooWide && `${width} px wide`, tooHeavy && megabytes(bytes)].filter(Boolean).join(' and ')
  const why = tooWide ? `more than twice the widest size the site shows it at (${widest} px)` : `more than ${megabytes(IMAGE_MAX_BYTES)}`
  // A variant is never wider than the widest standard width the source fills (shared/images.ts).
  const fix = width > widest ? `resize it to ${widest} px wide (the site never shows it wider)` : 'save it with stronger compression (JPEG quality about 80)'
  return `${file}: is ${size}, ${why}: ${fix}`
}

const KIND: Record<string, string> = { news: 'article', projects: 'project' }

/** A version visitors see (a draft is seen only in `npm run dev`). */
const published = (version: unknown) => version !== undefined && (version as { draft?: boolean } | null)?.draft !== true

/**
 * Warns about each item (news article, project) published in one language only: it is shown in that
 * language alone. An item whose other file exists (it has a problem, or is a draft) is left alone: that
 * file is not missing; so is an item that is a draft in every language it is written in.
 */
export function missingVersions(ctx: Pick<LoadContext, 'dir' | 'warnings'>, folder: string, items: ReadonlyMap<string, Partial<Record<Locale, unknown>>>): void {
  for (const [slug, versions] of items) {
    const written = LOCALE_CODES.filter((code) => published(versions[code]))
    if (written.length === 0) continue
    for (const code of LOCALE_CODES) {
      if (written.includes(code)) continue
      const missing = `${folder}/${slug}.${code}.md`
      if (existsSync(join(ctx.dir, missing))) continue
      const shown = written.map(englishName).join(' and ')
      ctx.warnings.push(`${folder}/${slug}.${written[0]}.md: no ${englishName(code)} version (${missing}): the ${KIND[folder] ?? 'item'} is shown in ${shown} only`)
    }
  }
}

/** A menu entry of site.yml: a path, or a path with its label in each language. */
export type MenuEntry = string | { path: string; label?: Partial<Record<Locale, string>> }
/** site.yml `menus`: each menu's entries (header, footer). */
export type Menus = Partial<Record<string, readonly MenuEntry[] | null | undefined>>

/** '/recruit/' and '/recruit' are the same page. */
const normalPath = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path)

/** A menu entry's path; null for a malformed entry (a problem line of its own, see navigation.ts). */
function pathOf(entry: unknown): string | null {
  if (typeof entry === 'string') return entry
  const path = (entry as { path?: unknown } | null)?.path
  return typeof path === 'string' ? path : null
}

/** The paths of the built-in company pages (/about, /service…): the default menus list them. */
export const BUILT_IN_PAGE_PATHS: readonly string[] = STATIC_PAGE_IDS.map((id) => `/${id}`)

/**
 * The pages (locale-less paths, in the order given) that no menu links to. Without `menus` in site.yml
 * the site shows its default menus, which list the built-in pages and no page of content/pages/.
 */
export function pagesOutsideMenus(pagePaths: Iterable<string>, menus: Menus | null | undefined): string[] {
  const inMenus = new Set(
    menus
      ? Object.values(menus).flatMap((entries) => (Array.isArray(entries) ? entries : []).flatMap((entry) => (pathOf(entry) === null ? [] : [normalPath(pathOf(entry)!)])))
      : BUILT_IN_PAGE_PATHS,
  )
  return [...new Set([...pagePaths].map(normalPath))].filter((path) => !inMenus.has(path))
}

/** The warning line for a page no menu links to, named by its file (pages/recruit.ja.md). */
export function pageOutsideMenusWarning(path: string, file: string): string {
  return `${file}: path: ${path} is in no menu of site.yml (menus.header, menus.footer): visitors reach the page only through a link in another page or its address`
}

/**
 * Warns about each page (built-in or of content/pages/) that no menu of site.yml links to, named by
 * its first file. Call it once the menus are checked (a menu entry that is no page is a problem).
 */
export function warnPagesOutsideMenus(
  ctx: Pick<LoadContext, 'warnings'>,
  site: { menus?: Menus | null } | null,
  pages: ReadonlyMap<string, { path: string; file: string }>,
): void {
  // Each path named by one file: the first language's (pages/recruit.ja.md) when there is one.
  const files = new Map<string, string>()
  const first = `.${LOCALE_CODES[0]}.md`
  for (const page of pages.values()) {
    const path = normalPath(page.path)
    if (!files.has(path) || (page.file.endsWith(first) && !files.get(path)!.endsWith(first))) files.set(path, page.file)
  }
  for (const path of pagesOutsideMenus(files.keys(), site?.menus)) ctx.warnings.push(pageOutsideMenusWarning(path, files.get(path)!))
}
