import MarkdownIt from 'markdown-it'
import anchor from 'markdown-it-anchor'
import type { ImageRef } from '../../shared/content'
import { SIZES } from '../../shared/components/picture'
import { imageUrl, imageWidths, type ImageFormat } from '../../shared/images'

/** The images a Markdown text shows (![alt](images/x.svg)): their sources, in order. */
export function markdownImages(source: string): string[] {
  const srcs: string[] = []
  const walk = (tokens: ReturnType<InstanceType<typeof MarkdownIt>['parse']>) => {
    for (const token of tokens) {
      if (token.type === 'image') srcs.push(String(token.attrGet('src') ?? ''))
      if (token.children) walk(token.children)
    }
  }
  walk(new MarkdownIt({ html: false }).parse(source, {}))
  return srcs
}

/** A content image as the pages' <Picture> shows it (AVIF, WebP, JPEG variants from /media/), lazy. */
function pictureHtml(image: ImageRef, escape: (text: string) => string): string {
  const srcset = (format: ImageFormat) => imageWidths(image.width).map((w) => `${imageUrl(image, w, format)} ${w}w`).join(', ')
  const widths = imageWidths(image.width)
  const fallback = imageUrl(image, widths[Math.min(1, widths.length - 1)]!, 'jpg')
  const sizes = SIZES.detail
  return (
    `<picture class="prose__picture"><source type="image/avif" srcset="${srcset('avif')}" sizes="${sizes}"/>` +
    `<source type="image/webp" srcset="${srcset('webp')}" sizes="${sizes}"/>` +
    `<img src="${fallback}" srcset="${srcset('jpg')}" sizes="${sizes}" width="${image.width}" height="${image.height}" alt="${escape(image.alt)}" loading="lazy" decoding="async"/></picture>`
  )
}

/** Heading ids that keep Japanese (valid in HTML5 and in URL fragments): spaces to hyphens, punctuation dropped. */
export function headingId(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s\u3000]+/g, '-')
    .replace(/[^\p{L}\p{N}_-]/gu, '')
}

/**
 * The site's Markdown: raw HTML is escaped (html: false), links are checked by
 * markdown-it's validateLink (no javascript:, vbscript:, file: or non-image data:),
 * external links get rel="noopener noreferrer", headings get anchor ids. Images given in `images`
 * (by their source as written, registered by the loader) are shown in their responsive variants.
 */
export function createMarkdown(): (source: string, images?: ReadonlyMap<string, ImageRef>) => string {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false })
  md.use(anchor, { slugify: headingId, tabIndex: false })
  const defaultOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!
    const href = String(token.attrGet('href') ?? '')
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('mailto:') && !href.startsWith('tel:')) {
      token.attrSet('rel', 'noopener noreferrer')
    }
    return defaultOpen(tokens, idx, options, env, self)
  }
  // Tables get a wrapper so they scroll on narrow screens instead of breaking the layout.
  md.renderer.rules.table_open = () => '<div class="table-scroll" tabindex="0"><table>\n'
  md.renderer.rules.table_close = () => '</table></div>\n'
  const defaultImage = md.renderer.rules.image!
  md.renderer.rules.image = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!
    const image = (env as { images?: ReadonlyMap<string, ImageRef> }).images?.get(String(token.attrGet('src') ?? ''))
    if (!image) return defaultImage(tokens, idx, options, env, self)
    return pictureHtml({ ...image, alt: self.renderInlineAsText(token.children ?? [], options, env) }, md.utils.escapeHtml)
  }
  return (source, images) => md.render(source, { images })
}
