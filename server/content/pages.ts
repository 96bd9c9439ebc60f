import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { LOCALE_CODES } from '../../shared/i18n/locales'
import { SITE_IMAGES, STATIC_PAGE_IDS, type ImageRef, type PageContent } from '../../shared/content'
import type { LoadContext } from './context'
import { parseFrontMatter } from './front-matter'
import { titlePhrases } from './phrases'
import { validators } from './validators'

/** Company pages (content/pages/<id>.<lang>.md), keyed '<id>.<lang>': every one is required in every language. */
export function loadPages(ctx: LoadContext): Map<string, PageContent> {
  const pages = new Map<string, PageContent>()
  for (const id of STATIC_PAGE_IDS) {
    for (const code of LOCALE_CODES) {
      const path = join(ctx.dir, 'pages', `${id}.${code}.md`)
      const text = ctx.read(path)
      if (text === null) continue
      try {
        const doc = parseFrontMatter(text)
        if (ctx.check<{ title: string; description: string }>(validators.page, doc.data, ctx.rel(path))) {
          pages.set(`${id}.${code}`, { title: doc.data.title, titlePhrases: titlePhrases(doc.data.title, code), description: doc.data.description, html: ctx.render(doc.body) })
        }
      } catch (err) {
        ctx.problems.push(`${ctx.rel(path)}: ${(err as Error).message}`)
      }
    }
  }
  return pages
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
