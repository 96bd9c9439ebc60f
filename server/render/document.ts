import type { HeadData } from '../../shared/head'
import { headTags, type HeadTag } from '../../shared/head-tags'
import { escapeHtml } from '../../shared/escape'
import { safeJson, scriptSafeJson } from '../../shared/script-json'
import { THEME_HEAD_SCRIPT } from '../../shared/theme'
import { SPECULATION_RULES } from '../../shared/speculation'
import { PAGE_STATE_ID, PREFETCH_META, type PageState } from '../../shared/page-state'
import type { BuildManifest } from './manifest'

/** One page tag as HTML: attribute values and the title's text escaped, a script's JSON kept from closing its element. */
export function serializeHeadTag({ tag, attrs, text = '' }: HeadTag): string {
  let open = `<${tag}`
  for (const [name, value] of Object.entries(attrs)) open += ` ${name}="${escapeHtml(value)}"`
  open += '>'
  if (tag === 'title') return `${open}${escapeHtml(text)}</title>`
  if (tag === 'script') return `${open}${scriptSafeJson(text)}</script>`
  return open
}

/** A page's tags as HTML, in their order. */
export function serializePageTags(tags: readonly HeadTag[]): string {
  return tags.map(serializeHeadTag).join('')
}

export function serializeState(state: PageState): string {
  return safeJson(state)
}

/** The module of the page's React code, loaded only when the page needs it. */
export const RUNTIME_MODULE = 'client/runtime.tsx'

/** Every head tag of a page, computed before the first byte is sent: the fixed tags around the page tags. */
export function renderHead(head: HeadData, assets: BuildManifest, modules: readonly string[] = []): string {
  const tags: string[] = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Before anything paints: a stored theme choice (allowed by its hash in the CSP).
    `<script>${THEME_HEAD_SCRIPT}</script>`,
    serializePageTags(headTags(head)),
    '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#F6F5F2">',
    '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#10151C">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
    `<link rel="stylesheet" href="${assets.css}">`,
    // The page works before (and without) its script, a small one (client/entry.ts): it must not compete with what paints first.
    `<script type="module" src="${assets.js}" fetchpriority="low"></script>`,
    `<script type="speculationrules">${SPECULATION_RULES}</script>`,
  ]
  for (const href of assets.preload) tags.push(`<link rel="modulepreload" href="${href}" fetchpriority="low">`)
  // A page with split-off code (the contact form) hydrates at the visitor's first touch of it (client/hydrate.ts):
  // once the page has loaded and the browser is idle, the start-up script fetches its code and messages ahead
  // (prefetch: not run), so they never compete with what the page shows first.
  if (modules.length) {
    const files = new Set([...(assets.chunks[RUNTIME_MODULE] ?? []), ...modules.flatMap((module) => assets.chunks[module] ?? [])])
    const urls = [...files, `/_i18n/${assets.id}/${head.lang}/messages.json`]
    tags.push(`<meta name="${PREFETCH_META}" content="${escapeHtml(urls.join(' '))}">`)
  }
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
