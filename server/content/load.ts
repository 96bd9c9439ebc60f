import type { ContentSource } from '../../shared/content'
import { createLoadContext } from './context'
import type { ImageRegistry } from './images'
import { loadNews, loadProjects } from './items'
import { siteMenus } from './navigation'
import { loadPages, loadSiteImages } from './pages'
import { readSiteFile, serviceCards, siteInfos } from './site'
import { nextPublication, scheduledInstants, viewVersion, visibleItems, type ScheduledInstant } from './publication'
import { imagesShownBy } from './served-images'
import { buildContentSource } from './source'
import { warnPagesOutsideMenus } from './warnings'

/** Every problem found in the content, one line each ('news/x.ja.md: date: must be a real date written YYYY-MM-DD, optionally with a time HH:MM (got 2026-02-30)'). */
export class ContentError extends Error {
  constructor(readonly problems: string[], readonly warnings: string[] = []) {
    super(`content has ${problems.length} problem(s):\n${problems.join('\n')}`)
  }
}

/** What the content folder held, checked; `at(now)` is what visitors may see at an instant. */
export interface Loaded {
  /** The content visitors see now (`at(Date.now())`, built on first use). */
  content: ContentSource
  images: ImageRegistry
  /** What a writer would want to know but does not stop the site (content:check prints them). */
  warnings: string[]
  /**
   * The content visitors see at `now` (ms): scheduled articles appear once their time has come. Its
   * version differs for every different set of visible items (ETags change with it), and
   * `nextChangeAt` is the next instant the set changes (null: none scheduled). `shownImages`: the hashes
   * of the images that content shows (a draft's or a scheduled article's alone are not among them).
   */
  at(now: number): { content: ContentSource; nextChangeAt: number | null; shownImages: ReadonlySet<string> }
  /** Every instant a language of a news article or project becomes visible (past ones too): the fires of the schedule. */
  schedule: readonly ScheduledInstant[]
}

export interface LoadOptions {
  /** Show drafts (npm run dev): marked as drafts, in lists and at their URLs. */
  drafts?: boolean
}

/**
 * Loads and validates the whole content folder. Nothing is half-loaded: any problem
 * throws a ContentError listing every problem, one line each, naming file and field.
 * Each step goes on after a problem, so that one run reports them all.
 */
export async function loadContent(contentDir: string, { drafts = false }: LoadOptions = {}): Promise<Loaded> {
  const ctx = createLoadContext(contentDir)
  const site = readSiteFile(ctx)
  const { pages, leftOut } = await loadPages(ctx)
  const news = await loadNews(ctx)
  const projects = await loadProjects(ctx)
  const siteImages = await loadSiteImages(ctx)
  const services = serviceCards(ctx, site, pages)
  const menus = siteMenus(ctx, site, pages, leftOut)
  // A site.yml that cannot be read has no menus to warn about.
  if (site) warnPagesOutsideMenus(ctx, site, pages)
  if (ctx.problems.length > 0 || !site) throw new ContentError(ctx.problems, ctx.warnings)
  const version = ctx.version()
  const sites = siteInfos(site)
  // What visitors see at `now`: drafts only in development, scheduled articles from their instant on.
  const at = (now: number) => {
    const view = { now, drafts }
    const parts = { sites, pages, news: visibleItems(news, view), projects: visibleItems(projects, view), siteImages, services }
    const content = buildContentSource({ version: viewVersion(version, [news, projects], view), ...parts, menus })
    return { content, nextChangeAt: nextPublication([news, projects], now), shownImages: imagesShownBy(parts) }
  }
  // `content` is built on first use only (content:check, tests): the server asks `at(now)` itself.
  let content: ContentSource | undefined
  return {
    get content() {
      return (content ??= at(Date.now()).content)
    },
    images: ctx.images,
    warnings: ctx.warnings,
    at,
    schedule: scheduledInstants({ news, projects }),
  }
}
