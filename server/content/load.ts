import type { ContentSource } from '../../shared/content'
import { createLoadContext } from './context'
import type { ImageRegistry } from './images'
import { loadNews, loadProjects } from './items'
import { loadPages, loadSiteImages } from './pages'
import { readSiteFile, serviceCards, siteInfos } from './site'
import { buildContentSource } from './source'

/** Every problem found in the content, one line each ('news/x.ja.md: date: must be a real date written YYYY-MM-DD (got 2026-02-30)'). */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`content has ${problems.length} problem(s):\n${problems.join('\n')}`)
  }
}

interface Loaded {
  content: ContentSource
  images: ImageRegistry
}

/**
 * Loads and validates the whole content folder. Nothing is half-loaded: any problem
 * throws a ContentError listing every problem, one line each, naming file and field.
 * Each step goes on after a problem, so that one run reports them all.
 */
export async function loadContent(contentDir: string): Promise<Loaded> {
  const ctx = createLoadContext(contentDir)
  const site = readSiteFile(ctx)
  const pages = loadPages(ctx)
  const news = await loadNews(ctx)
  const projects = await loadProjects(ctx)
  const siteImages = await loadSiteImages(ctx)
  const services = serviceCards(ctx, site, pages)
  if (ctx.problems.length > 0 || !site) throw new ContentError(ctx.problems)
  const content = buildContentSource({ version: ctx.version(), sites: siteInfos(site), pages, news, projects, siteImages, services })
  return { content, images: ctx.images }
}
