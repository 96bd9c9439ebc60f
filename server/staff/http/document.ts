import { escapeHtml } from '../../../shared/escape'
import { safeJson } from '../../../shared/script-json'
import { THEME_HEAD_SCRIPT } from '../../../shared/theme'
import { STAFF_MESSAGES_ID, STAFF_STATE_ID, type StaffPageState } from '../../../shared/admin/state'
import type { BuildManifest } from '../../render/manifest'

/**
 * A staff page's document: the same head as the public pages where it matters (the theme script
 * before first paint, the colours), its own stylesheet and script, never indexed; the body; the
 * page state and the language's messages as non-executable JSON.
 */
export function staffDocument(args: { title: string; state: StaffPageState; body: string; messages: string; manifest: BuildManifest }): string {
  const { title, state, body, messages, manifest } = args
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<script>${THEME_HEAD_SCRIPT}</script>`,
    `<title>${escapeHtml(title)}</title>`,
    '<meta name="robots" content="noindex, nofollow">',
    '<meta name="referrer" content="same-origin">',
    '<meta name="theme-color" media="(prefers-color-scheme: light)" content="#F6F5F2">',
    '<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#10151C">',
    '<link rel="icon" href="/favicon.svg" type="image/svg+xml">',
  ]
  if (manifest.staff) {
    head.push(`<link rel="stylesheet" href="${manifest.staff.css}">`, `<script type="module" src="${manifest.staff.js}"></script>`)
  }
  return (
    `<!doctype html><html lang="${state.locale}"><head>${head.join('')}</head><body><div id="root">${body}</div>` +
    `<script type="application/json" id="${STAFF_STATE_ID}">${safeJson(state)}</script>` +
    `<script type="application/json" id="${STAFF_MESSAGES_ID}">${messages}</script></body></html>`
  )
}
