import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { Ajv, type ValidateFunction } from 'ajv'
import { parse as parseYaml } from 'yaml'
import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import { SITE_IMAGES, STATIC_PAGE_IDS, type ImageRef, type ContentSource, type NewsItem, type PageContent, type ProjectItem, type ServiceSummary, type SiteInfo, type StaticPageId } from '../../shared/content'
import { describeError } from './describe'
import { CONTENT_FORMATS } from './formats'
import { parseFrontMatter } from './front-matter'
import { ImageRegistry } from './images'
import { createMarkdown, headingId } from './markdown'
import { newsSchema, pageSchema, projectSchema, siteSchema } from './schemas'
import { titlePhrases } from './phrases'

/** Every problem found in the content, one line each ('news/x.ja.md: date: must be a real date written YYYY-MM-DD (got 2026-02-30)'). */
export class ContentError extends Error {
  constructor(readonly problems: string[]) {
    super(`content has ${problems.length} problem(s):\n${problems.join('\n')}`)
  }
}

// verbose: each error carries the value and its schema, which describeError words.
const ajv = new Ajv({ allErrors: true, strict: false, verbose: true })
for (const [name, format] of Object.entries(CONTENT_FORMATS)) ajv.addFormat(name, { type: 'string', validate: format.validate })
const validators = {
  site: ajv.compile(siteSchema),
  page: ajv.compile(pageSchema),
  news: ajv.compile(newsSchema),
  project: ajv.compile(projectSchema),
}

function check<T>(validate: ValidateFunction, data: unknown, file: string, problems: string[]): data is T {
  if (validate(data)) return true
  const root = file.endsWith('.md') ? '(front matter)' : '(whole file)'
  // ajv reports an enum failure also as the parent's anyOf etc.; keep each line once.
  for (const line of new Set((validate.errors ?? []).map((error) => describeError(error, root)))) problems.push(`${file}: ${line}`)
  return false
}

const ITEM_FILE = /^([a-z0-9][a-z0-9-]*)\.(ja|en)\.md$/

interface Loaded {
  content: ContentSource
  images: ImageRegistry
}

/**
 * Loads and validates the whole content folder. Nothing is half-loaded: any problem
 * throws a ContentError listing every problem, one line each, naming file and field.
 */
export async function loadContent(contentDir: string): Promise<Loaded> {
  const problems: string[] = []
  const images = new ImageRegistry(contentDir)
  const render = createMarkdown()
  const hash = createHash('sha256')
  const rel = (path: string) => relative(contentDir, path)
  const read = (path: string): string | null => {
    try {
      const text = readFileSync(path, 'utf8')
      hash.update(rel(path)).update(text)
      return text
    } catch {
      problems.push(`${rel(path)}: file is missing`)
      return null
    }
  }
  const image = async (src: string, alt: string, file: string) => {
    try {
      return await images.register(src, alt)
    } catch (err) {
      problems.push(`${file}: ${(err as Error).message}`)
      return undefined
    }
  }

  // The company's identity.
  const siteFile = join(contentDir, 'site.yml')
  const siteText = read(siteFile)
  let siteData: Record<string, any> | null = null
  if (siteText !== null) {
    try {
      const data = parseYaml(siteText, { schema: 'core' })
      if (check(validators.site, data, 'site.yml', problems)) siteData = data as Record<string, any>
    } catch (err) {
      problems.push(`site.yml: not valid YAML: ${(err as Error).message.split('\n')[0]}`)
    }
  }

  // Company pages: every one in every language.
  const pages = new Map<string, PageContent>()
  for (const id of STATIC_PAGE_IDS) {
    for (const code of LOCALE_CODES) {
      const path = join(contentDir, 'pages', `${id}.${code}.md`)
      const text = read(path)
      if (text === null) continue
      try {
        const doc = parseFrontMatter(text)
        if (check<{ title: string; description: string }>(validators.page, doc.data, rel(path), problems)) {
          pages.set(`${id}.${code}`, { title: doc.data.title, titlePhrases: titlePhrases(doc.data.title, code), description: doc.data.description, html: render(doc.body) })
        }
      } catch (err) {
        problems.push(`${rel(path)}: ${(err as Error).message}`)
      }
    }
  }

  // News and projects: one file per item and language.
  async function items<T>(folder: string, build: (slug: string, data: any, html: string, file: string, locale: Locale) => Promise<T | undefined>, validate: ValidateFunction) {
    const result = new Map<string, Partial<Record<Locale, T>>>()
    const dir = join(contentDir, folder)
    if (!existsSync(dir)) return result
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      const m = ITEM_FILE.exec(name)
      if (!m) {
        if (!name.startsWith('.')) problems.push(`${rel(path)}: file name must be <slug>.ja.md or <slug>.en.md, the slug using only a-z, 0-9 and - (not first)`)
        continue
      }
      const text = read(path)
      if (text === null) continue
      try {
        const doc = parseFrontMatter(text)
        if (!check(validate, doc.data, rel(path), problems)) continue
        const item = await build(m[1]!, doc.data, render(doc.body), rel(path), m[2] as Locale)
        if (item) result.set(m[1]!, { ...result.get(m[1]!), [m[2] as Locale]: item })
      } catch (err) {
        problems.push(`${rel(path)}: ${(err as Error).message}`)
      }
    }
    return result
  }

  const news = await items<NewsItem>('news', async (slug, d, html, file, locale) => {
    const cover = d.cover ? await image(d.cover, d.coverAlt, file) : undefined
    if (d.cover && !cover) return undefined
    return { slug, date: d.date, title: d.title, titlePhrases: titlePhrases(d.title, locale), excerpt: d.excerpt, category: d.category, cover, html }
  }, validators.news)

  const projects = await items<ProjectItem>('projects', async (slug, d, html, file, locale) => {
    const cover = await image(d.cover, d.coverAlt, file)
    const gallery = []
    for (const g of d.gallery ?? []) gallery.push(await image(g.src, g.alt, file))
    if (!cover || gallery.some((g) => !g)) return undefined
    return { ...d, slug, titlePhrases: titlePhrases(d.title, locale), featured: d.featured === true, cover, gallery, html } as ProjectItem
  }, validators.project)

  // Optional site-wide images: content/images/<name>.svg|jpg|png.
  const siteImages = new Map<string, ImageRef>()
  for (const name of SITE_IMAGES) {
    const file = ['svg', 'jpg', 'png'].map((ext) => `images/${name}.${ext}`).find((f) => existsSync(join(contentDir, f)))
    if (!file) continue
    const ref = await image(file, '', file)
    if (ref) siteImages.set(name, ref)
  }

  // The home page's services link to the service page's sections: each title must be one of its headings.
  const services = Object.fromEntries(LOCALE_CODES.map((code) => [code, [] as ServiceSummary[]])) as Record<Locale, ServiceSummary[]>
  for (const [i, entry] of ((siteData?.services ?? []) as { title: Record<Locale, string>; summary: Record<Locale, string> }[]).entries()) {
    for (const code of LOCALE_CODES) {
      const anchor = headingId(entry.title[code])
      const page = pages.get(`service.${code}`)
      if (page && !page.html.includes(` id="${anchor}"`)) {
        problems.push(`site.yml: services[${i}].title.${code}: pages/service.${code}.md has no heading "${entry.title[code]}"`)
      }
      services[code].push({ title: entry.title[code], summary: entry.summary[code], anchor })
    }
  }

  if (problems.length > 0 || !siteData) throw new ContentError(problems)
  const site = siteData
  const sites = Object.fromEntries(
    LOCALE_CODES.map((code) => {
      const pick = (v: any) => (v && typeof v === 'object' && !Array.isArray(v) && code in v ? v[code] : v)
      const info = Object.fromEntries(Object.entries(site).flatMap(([k, v]) => (k === 'services' ? [] : [[k, k === 'social' ? v : pick(v)]])))
      return [code, { social: {}, ...info } as SiteInfo]
    }),
  ) as Record<Locale, SiteInfo>

  const list = <T>(map: Map<string, Partial<Record<Locale, T>>>, code: Locale) => [...map.values()].flatMap((v) => (v[code] ? [v[code]!] : []))
  const newsLists = Object.fromEntries(LOCALE_CODES.map((c) => [c, list(news, c).sort((a, b) => b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug))]))
  const projectLists = Object.fromEntries(LOCALE_CODES.map((c) => [c, list(projects, c).sort((a, b) => b.completed.localeCompare(a.completed) || a.slug.localeCompare(b.slug))]))
  const localesOf = (map: Map<string, Partial<Record<Locale, unknown>>>, slug: string) => LOCALE_CODES.filter((c) => map.get(slug)?.[c])

  const content: ContentSource = {
    version: hash.digest('hex').slice(0, 16),
    site: (locale) => sites[locale],
    page: (id: StaticPageId, locale) => pages.get(`${id}.${locale}`)!,
    listNews: (locale) => newsLists[locale]!,
    getNews: (slug, locale) => news.get(slug)?.[locale],
    listProjects: (locale) => projectLists[locale]!,
    getProject: (slug, locale) => projects.get(slug)?.[locale],
    newsLocales: (slug) => localesOf(news, slug),
    projectLocales: (slug) => localesOf(projects, slug),
    siteImage: (name) => siteImages.get(name),
    services: (locale) => services[locale],
  }
  return { content, images }
}
