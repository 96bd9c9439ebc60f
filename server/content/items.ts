import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { ValidateFunction } from 'ajv'
import type { Locale } from '../../shared/i18n/locales'
import type { NewsItem, ProjectItem } from '../../shared/content'
import { fileNameRule, localisedFile } from './file-names'
import { frontMatterProblem, parseFrontMatter } from './front-matter'
import { bodyImages } from './pages'
import { japanDay, parsePublishDate, setPublication } from './publication'
import { titlePhrases } from './phrases'
import type { ItemsBySlug, LoadContext } from './types'
import { validators } from './validators'
import { missingVersions } from './warnings'

interface ItemFile {
  slug: string
  locale: Locale
  /** The front matter, valid for its kind. */
  data: any
  html: string
  /** The file as problems name it. */
  file: string
}

/**
 * One folder of items, one file per item and language (<slug>.<lang>.md). A file whose front matter
 * is invalid, or whose build notes a problem (returns undefined), is left out.
 */
async function loadItems<T>(ctx: LoadContext, folder: string, validate: ValidateFunction, build: (item: ItemFile) => Promise<T | undefined>): Promise<ItemsBySlug<T>> {
  const result: ItemsBySlug<T> = new Map()
  const dir = join(ctx.dir, folder)
  if (!existsSync(dir)) return result
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name)
    const file = localisedFile(name)
    if (!file) {
      if (!name.startsWith('.')) ctx.problems.push(`${ctx.rel(path)}: ${fileNameRule('slug')}`)
      continue
    }
    const text = ctx.read(path)
    if (text === null) continue
    const { name: slug, locale } = file
    try {
      const doc = parseFrontMatter(text)
      if (!ctx.check(validate, doc.data, ctx.rel(path))) continue
      // Images in the body are shown in their variants, as on pages (and served only while the item is visible).
      const html = ctx.render(doc.body, await bodyImages(ctx, doc.body, ctx.rel(path)))
      const item = await build({ slug, locale, data: doc.data, html, file: ctx.rel(path) })
      if (item) result.set(slug, { ...result.get(slug), [locale]: item })
    } catch (err) {
      ctx.problems.push(frontMatterProblem(ctx.rel(path), err))
    }
  }
  missingVersions(ctx, folder, result)
  return result
}

/**
 * News articles (content/news); an article whose cover image cannot be used is left out. Each has its
 * publication (publication.ts): `draft`, and the instant its `date` names; the date shown is that instant's day in Japan.
 */
export function loadNews(ctx: LoadContext): Promise<ItemsBySlug<NewsItem>> {
  return loadItems(ctx, 'news', validators.news, async ({ slug, locale, data: d, html, file }) => {
    const cover = d.cover ? await ctx.image(d.cover, d.coverAlt, file) : undefined
    if (d.cover && !cover) return undefined
    const publishAt = parsePublishDate(d.date)!
    const item: NewsItem = { slug, date: japanDay(publishAt), title: d.title, titlePhrases: titlePhrases(d.title, locale), excerpt: d.excerpt, category: d.category, cover, html }
    if (d.draft === true) item.draft = true
    return setPublication(item, { draft: d.draft === true, publishAt })
  })
}

/** Construction projects (content/projects); a project with a cover or gallery image that cannot be used is left out. `draft: true` is noted as for news. */
export function loadProjects(ctx: LoadContext): Promise<ItemsBySlug<ProjectItem>> {
  return loadItems(ctx, 'projects', validators.project, async ({ slug, locale, data: d, html, file }) => {
    const cover = await ctx.image(d.cover, d.coverAlt, file)
    const gallery = []
    for (const g of d.gallery ?? []) gallery.push(await ctx.image(g.src, g.alt, file))
    if (!cover || gallery.some((g) => !g)) return undefined
    const { draft, ...fields } = d
    const item = { ...fields, slug, titlePhrases: titlePhrases(d.title, locale), featured: d.featured === true, cover, gallery, html } as ProjectItem
    if (draft === true) item.draft = true
    // Projects appear as soon as they are loaded, unless drafts.
    return setPublication(item, { draft: draft === true, publishAt: Number.NEGATIVE_INFINITY })
  })
}
