import type { HeadData } from '../shared/head'

/**
 * The head tags that change from page to page, matched as server/render/document.ts writes them.
 * Everything else in the head (charset, viewport, stylesheet, scripts, preloads) stays.
 */
const PAGE_TAGS = [
  'meta[name="robots"]',
  'link[rel="canonical"]',
  'link[rel="alternate"]',
  'meta[property^="og:"]',
  'meta[name="twitter:card"]',
  'script[type="application/ld+json"]',
].join(',')

function element(tag: string, attrs: Record<string, string>): HTMLElement {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value)
  return el
}

/** The page tags in the server's order (renderHead): robots, canonical, hreflang, og:*, feed, JSON-LD. */
function pageTags(head: HeadData): HTMLElement[] {
  const tags: HTMLElement[] = []
  if (head.noindex) tags.push(element('meta', { name: 'robots', content: 'noindex' }))
  if (head.canonical) tags.push(element('link', { rel: 'canonical', href: head.canonical }))
  for (const alt of head.alternates) tags.push(element('link', { rel: 'alternate', hreflang: alt.hreflang, href: alt.href }))
  const og = (property: string, content: string) => tags.push(element('meta', { property, content }))
  og('og:type', head.ogType)
  og('og:site_name', head.siteName)
  og('og:title', head.ogTitle)
  og('og:description', head.ogDescription)
  if (head.canonical) og('og:url', head.ogUrl)
  og('og:locale', head.ogLocale)
  for (const alt of head.ogLocaleAlternates) og('og:locale:alternate', alt)
  if (head.ogImage) {
    og('og:image', head.ogImage.url)
    og('og:image:width', String(head.ogImage.width))
    og('og:image:height', String(head.ogImage.height))
    og('og:image:alt', head.ogImage.alt)
    tags.push(element('meta', { name: 'twitter:card', content: 'summary_large_image' }))
  }
  if (head.feed) tags.push(element('link', { rel: 'alternate', type: 'application/atom+xml', title: head.feed.title, href: head.feed.href }))
  for (const data of head.jsonLd) {
    const script = element('script', { type: 'application/ld+json' })
    script.textContent = JSON.stringify(data)
    tags.push(script)
  }
  return tags
}

/** Makes the document's head what the server would have sent with the page. */
export function applyHead(head: HeadData): void {
  document.title = head.title
  let description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]')
  if (!description) {
    description = element('meta', { name: 'description' }) as HTMLMetaElement
    document.head.append(description)
  }
  description.content = head.description
  for (const el of document.head.querySelectorAll(PAGE_TAGS)) el.remove()
  description.after(...pageTags(head))
}
