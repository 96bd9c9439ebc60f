import type { FastifyReply } from 'fastify'
import type { EditableItem, ItemKind } from '../../shared/admin/editor-model/items'
import { STATIC_PAGE_IDS, type StaticPageId } from '../../shared/content'
import type { Locale } from '../../shared/i18n/locales'
import { localizePath } from '../../shared/i18n/negotiate'
import { href } from '../../shared/paths'

/** The built-in pages' routes by their file name in content/pages/. */
const STATIC_PAGE_PATHS: Record<StaticPageId, string> = {
  about: href('about'),
  service: href('service'),
  greeting: href('greeting'),
  'privacy-policy': href('privacy'),
  'term-of-service': href('terms'),
}

/**
 * The public URL of an item in a language, where visitors see it (the preview draws the page there):
 * an article's or a project's detail page, a page at its fixed route or at the `path:` its front matter
 * names (that language's, else the other's), the company profile's about page, the menus' home page.
 * Null: a page without a path.
 */
export function publicPathOf(kind: ItemKind, slug: string, locale: Locale, item: EditableItem | null): string | null {
  let path: string | null
  if (kind === 'news') path = href('newsDetail', { slug })
  else if (kind === 'projects') path = href('projectDetail', { slug })
  else if (kind === 'site') path = slug === 'profile' ? href('about') : href('home')
  else if ((STATIC_PAGE_IDS as readonly string[]).includes(slug)) path = STATIC_PAGE_PATHS[slug as StaticPageId]
  else {
    const written = [item?.versions?.[locale], ...Object.values(item?.versions ?? {})].map((v) => v?.fields.path).find((p) => typeof p === 'string' && p.startsWith('/'))
    path = typeof written === 'string' ? written : null
  }
  return path === null ? null : localizePath(path, locale)
}

/**
 * The public page's own policy (server/plugins/security-headers.ts) with no script at all (the page is
 * drawn whole on the server; the site's client would read the preview's address, not the page's) and,
 * for the editor's iframe, framing by the staff area only.
 */
function previewCsp(framed: boolean): string {
  return [
    "default-src 'self'",
    "script-src 'none'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'none'",
    "form-action 'none'",
    `frame-ancestors ${framed ? "'self'" : "'none'"}`,
    "base-uri 'self'",
    "object-src 'none'",
  ].join('; ')
}

/** Sends a drawn preview: never stored, never indexed; framed by the staff area (the editor) or by nobody (a shared link). */
export function sendPreview(reply: FastifyReply, page: { statusCode: number; html: string }, framed: boolean): FastifyReply {
  return reply
    .code(page.statusCode)
    .headers({
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex, nofollow',
      'content-security-policy': previewCsp(framed),
      'x-frame-options': framed ? 'SAMEORIGIN' : 'DENY',
      'referrer-policy': 'no-referrer',
    })
    .type('text/html; charset=utf-8')
    .send(page.html)
}
