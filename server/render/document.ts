import type { HeadData } from '../../shared/head'
import { THEME_HEAD_SCRIPT } from '../../shared/theme'
import { PAGE_STATE_ID, type PageState } from '../../shared/page-state'
import type { BuildManifest } from './manifest'

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!)
}

const JSON_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' }

/** JSON that is safe inside a non-executable <script> element (no '</script>' breakout). One pass over the text. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u2028\u2029]/g, (c) => JSON_ESCAPES[c]!)
}

export function serializeState(state: PageState): string {
  return safeJson(state)
}

/** Every head tag of a page, computed before the first byte is sent. */
export function renderHead(head: HeadData, assets: BuildManifest, modules: readonly string[] = []): string {
  const tags: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Before anything paints: a stored theme choice (allowed by its hash in the CSP).
    `<script>${THEME_HEAD_SCRIPT}</script>`,
    `<title>${escapeHtml(head.title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
  ]
  if (head.noindex) tags.push('<meta name="robots" content="noindex">')
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`)
  for (const alt of head.alternates) {
    tags.push(`<link rel="alternate" hreflang="${escapeHtml(alt.hreflang)}" href="${escapeHtml(alt.href)}">`)
  }
  tags.push(
    `<meta property="og:type" content="${head.ogType}">`,
    `<meta property="og:site_name" content="${escapeHtml(head.siteName)}">`,
    `<meta property="og:title" content="${escapeHtml(head.ogTitle)}">`,
    `<meta property="og:description" content="${escapeHtml(head.ogDescription)}">`,
  )
  if (head.canonical) tags.push(`<meta property="og:url" content="${escapeHtml(head.ogUrl)}">`)
  tags.push(`<meta property="og:locale" content="${escapeHtml(head.ogLocale)}">`)
  for (const alt of head.ogLocaleAlternates) tags.push(`<meta property="og:locale:alternate" content="${escapeHtml(alt)}">`)
  if (head.ogImage) {
    const { url, width, height, alt } = head.ogImage
    tags.push(
      `<meta property="og:image" content="${escapeHtml(url)}">`,
      `<meta property="og:image:width" content="${width}">`,
      `<meta property="og:image:height" content="${height}">`,
      `<meta property="og:image:alt" content="${escapeHtml(alt)}">`,
      '<meta name="twitter:card" content="summary_large_image">',
    )
  }
  if (head.feed) tags.push(`<link rel="alternate" type="application/atom+xml" title="${escapeHtml(head.feed.title)}" href="${escapeHtml(head.feed.href)}">`)
  for (const data of head.jsonLd) tags.push(`<script type="application/ld+json">${safeJson(data)}</script>`)
  tags.push(
    '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#F6F5F2">',
    '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#10151C">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<link rel="stylesheet" href="${assets.css}">`,
    // The page works before (and without) its script: the script must not compete with what paints first.
    `<script type="module" src="${assets.js}" fetchpriority="low"></script>`,
  )
  for (const href of assets.preload) tags.push(`<link rel="modulepreload" href="${href}" fetchpriority="low">`)
  // The page's own split code (the contact form), fetched with the entry instead of after it.
  for (const module of modules) for (const href of assets.chunks[module] ?? []) tags.push(`<link rel="modulepreload" href="${href}" fetchpriority="low">`)
  // The client's messages: fetched in parallel with the bundle, cached forever per build.
  tags.push(`<link rel="preload" href="/_i18n/${assets.id}/${head.lang}/messages.json" as="fetch" crossorigin="anonymous">`)
  return tags.join('')
}

/** The document around the React root: everything up to the root's opening tag. */
export function documentStart(head: HeadData, assets: BuildManifest, modules: readonly string[] = []): string {
  return `<!doctype html><html lang="${head.lang}"><head>${renderHead(head, assets, modules)}</head><body><div id="root">`
}

/** Closes the root, then ships the state the page was rendered with (not executable, CSP-safe). */
export function documentEnd(state: PageState): string {
  return `</div><script type="application/json" id="${PAGE_STATE_ID}">${serializeState(state)}</script></body></html>`
}
