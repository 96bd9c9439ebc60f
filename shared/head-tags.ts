import type { HeadData } from './head'
import { safeJson } from './script-json'

/** One tag of a page's head. */
export interface HeadTag {
  tag: 'title' | 'meta' | 'link' | 'script'
  /** Attributes in the order they are written. */
  attrs: Record<string, string>
  /**
   * The element's text: the title, or a JSON-LD script's JSON. A script's JSON is already safe
   * inside a <script> element, so the document and the browser hold the same text.
   */
  text?: string
}

const meta = (key: 'name' | 'property', value: string, content: string): HeadTag => ({ tag: 'meta', attrs: { [key]: value, content } })
const link = (attrs: Record<string, string>): HeadTag => ({ tag: 'link', attrs })

/**
 * Everything in a page's head that changes from page to page, in document order: title,
 * description, robots, canonical, hreflang alternates, Open Graph, Twitter card, news feed,
 * structured data. The server writes this list into the document's head (server/render/document.ts),
 * among the fixed tags every page has. A new page tag is added here only.
 */
export function headTags(head: HeadData): HeadTag[] {
  const tags: HeadTag[] = [{ tag: 'title', attrs: {}, text: head.title }, meta('name', 'description', head.description)]
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'))
  if (head.canonical) tags.push(link({ rel: 'canonical', href: head.canonical }))
  for (const alt of head.alternates) tags.push(link({ rel: 'alternate', hreflang: alt.hreflang, href: alt.href }))
  const og = (property: string, content: string) => tags.push(meta('property', property, content))
  og('og:type', head.ogType)
  og('og:site_name', head.siteName)
  og('og:title', head.ogTitle)
  og('og:description', head.ogDescription)
  // A page without a canonical URL (an error page) has no URL of its own to share either.
  if (head.canonical) og('og:url', head.ogUrl)
  og('og:locale', head.ogLocale)
  for (const alt of head.ogLocaleAlternates) og('og:locale:alternate', alt)
  if (head.ogImage) {
    og('og:image', head.ogImage.url)
    og('og:image:width', String(head.ogImage.width))
    og('og:image:height', String(head.ogImage.height))
    og('og:image:alt', head.ogImage.alt)
    tags.push(meta('name', 'twitter:card', 'summary_large_image'))
  }
  if (head.feed) tags.push(link({ rel: 'alternate', type: 'application/atom+xml', title: head.feed.title, href: head.feed.href }))
  for (const data of head.jsonLd) tags.push({ tag: 'script', attrs: { type: 'application/ld+json' }, text: safeJson(data) })
  return tags
}
