import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import { SITE_IMAGES, STATIC_PAGE_IDS, type ImageRef } from '../../shared/content'
import { fileNameRule, localisedFile } from './file-names'
import { CONTENT_FORMATS } from './formats'
import { frontMatterProblem, parseFrontMatter, writtenPath } from './front-matter'
import { markdownImages } from './markdown'
import { isStaticPageId, pathTakenBy } from './navigation'
import { titlePhrases } from './phrases'
import type { LeftOutPages, LoadContext, LoadedPage } from './types'
import { validators } from './validators'

/** Every page file, keyed '<name>.<lang>': the five built-in pages and the pages written at their own path. */
export type PageFiles = ReadonlyMap<string, LoadedPage>

interface PageFront {
  title: string
  description: string
  path?: string
  label?: string
}

/**
 * The pages (content/pages/<name>.<lang>.md). The five built-in pages (about, service, greeting,
 * privacy-policy, term-of-service) are required in every language and live at their fixed routes;
 * every other file is a page at the `path:` its front matter names, in the languages it is written in.
 * A path must be the same in each language of a page, and must not be one the site already answers.
 */
export async function loadPages(ctx: LoadContext): Promise<{ pages: Map<string, LoadedPage>; leftOut: LeftOutPages }> {
  const pages = new Map<string, LoadedPage>()
  const leftOut = new Map<string, string | null>()
  const dir = join(ctx.dir, 'pages')
  for (const id of STATIC_PAGE_IDS) {
    for (const code of LOCALE_CODES) await loadPage(ctx, pages, leftOut, id, code, join(dir, `${id}.${code}.md`))
  }
  for (const name of existsSync(dir) ? readdirSync(dir).sort() : []) {
    const file = localisedFile(name)
    if (!file) {
      if (!name.startsWith('.')) ctx.problems.push(`${ctx.rel(join(dir, name))}: ${fileNameRule('name')}`)
      continue
    }
    if (!isStaticPageId(file.name)) await loadPage(ctx, pages, leftOut, file.name, file.locale, join(dir, name))
  }
  checkPaths(ctx, pages, leftOut)
  return { pages, leftOut }
}

/** One page file, checked: its front matter, its path (required unless built-in) and its images. */
async function loadPage(ctx: LoadContext, pages: Map<string, LoadedPage>, leftOut: Map<string, string | null>, name: string, code: Locale, path: string): Promise<void> {
  const text = ctx.read(path)
  if (text === null) return
  const file = ctx.rel(path)
  // A built-in page is at its fixed path whatever its file says.
  const fixed = isStaticPageId(name) ? `/${name}` : null
  try {
    const doc = parseFrontMatter(text)
    if (!ctx.check<PageFront>(validators.page, doc.data, file)) {
      const written = (doc.data as { path?: unknown } | null)?.path
      leftOut.set(file, fixed ?? (typeof written === 'string' ? written : null))
      return
    }
    const front = doc.data
    if (fixed && front.path !== undefined && front.path !== fixed) {
      ctx.problems.push(`${file}: path: must be /${name}, the fixed address of the built-in ${name} page, or be left out (got ${front.path})`)
      leftOut.set(file, fixed)
      return
    }
    if (!fixed && front.path === undefined) {
      ctx.problems.push(`${file}: path: is required: a page other than the built-in ${STATIC_PAGE_IDS.join(', ')} must say at which address it is shown (like path: /${name})`)
      leftOut.set(file, null)
      return
    }
    const images = await bodyImages(ctx, doc.body, file)
    pages.set(`${name}.${code}`, {
      title: front.title,
      titlePhrases: titlePhrases(front.title, code),
      description: front.description,
      ...(front.label !== undefined ? { label: front.label } : {}),
      html: ctx.render(doc.body, images),
      path: front.path ?? `/${name}`,
      file,
    })
  } catch (err) {
    ctx.problems.push(frontMatterProblem(file, err))
    leftOut.set(file, fixed ?? writtenPath(text))
  }
}

/** The images the Markdown shows (![Map](images/access-map.svg)), registered: each must be a file of images/ (pages, news, projects). */
export async function bodyImages(ctx: LoadContext, body: string, file: string): Promise<Map<string, ImageRef>> {
  const images = new Map<string, ImageRef>()
  for (const src of markdownImages(body)) {
    if (!CONTENT_FORMATS.image.validate(src)) {
      ctx.problems.push(`${file}: image ${src}: ${CONTENT_FORMATS.image.words}`)
      continue
    }
    const ref = await ctx.image(src, '', file)
    if (ref) images.set(src, ref)
  }
  return images
}

/**
 * Paths of the pages written at their own address: not one the site answers itself (a built-in
 * page, /api, /_…), the same in every language of a page, and one page's only. A page with a
 * wrong path is left out.
 */
function checkPaths(ctx: LoadContext, pages: Map<string, LoadedPage>, leftOut: Map<string, string | null>): void {
  const owners = new Map<string, { name: string; file: string }>()
  for (const [key, page] of pages) {
    const name = key.slice(0, key.lastIndexOf('.'))
    if (isStaticPageId(name)) continue
    const taken = pathTakenBy(page.path)
    const other = LOCALE_CODES.map((code) => pages.get(`${name}.${code}`)).find((p) => p && p !== page && p.path !== page.path)
    const owner = owners.get(page.path)
    let problem: string | null = null
    if (taken) problem = `path: ${page.path} collides with ${taken}`
    else if (other && other.file < page.file) problem = `path: must be the same in every language: ${other.file} says ${other.path} (got ${page.path})`
    else if (owner && owner.name !== name) problem = `path: ${page.path} is already the path of ${owner.file}`
    if (problem) {
      ctx.problems.push(`${page.file}: ${problem}`)
      pages.delete(key)
      leftOut.set(page.file, page.path)
    } else if (!owner) owners.set(page.path, { name, file: page.file })
  }
}

/** The optional site-wide images (content/images/<name>.svg, .jpg or .png): hero, greeting photo, access map. */
export async function loadSiteImages(ctx: LoadContext): Promise<Map<string, ImageRef>> {
  const siteImages = new Map<string, ImageRef>()
  for (const name of SITE_IMAGES) {
    const file = ['svg', 'jpg', 'png'].map((ext) => `images/${name}.${ext}`).find((f) => existsSync(join(ctx.dir, f)))
    if (!file) continue
    const ref = await ctx.image(file, '', file)
    if (ref) siteImages.set(name, ref)
  }
  return siteImages
}
