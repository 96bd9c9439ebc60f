import type { FastifyReply, FastifyRequest } from 'fastify'
import { itemKey, SLUG_RE, type ItemKind } from '../editor-model/items'
import { itemOfForm } from './form-model'
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../i18n/locales'
import { escapeHtml } from '../../escape'
import { requestSearch } from '../../../server/request-locale'
import { staffTranslator } from '../../../server/i18n/staff-catalog'
import { staffLocale } from '../../../server/staff/http/locale'
import { checkCandidate } from '../../../server/editor/files-check'
import { itemOfParams } from '../../../server/editor/service-commit'
import { publicPathOf, sendPreview } from '../../../server/editor/preview-page'

/** The language the preview draws: ?locale= (the pane's choice, the no-JS button's), else the default one. */
function previewLocale(req: FastifyRequest): Locale {
  const asked = new URLSearchParams(requestSearch(req)).get('locale')
  return isLocale(asked) ? asked : DEFAULT_LOCALE
}

/** A small page in the frame instead of the site's: why the preview cannot be drawn (in the staff member's language). */
function noticePage(locale: Locale, title: string, lines: string[]): { statusCode: number; html: string } {
  const list = lines.length ? `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join('')}</ul>` : ''
  const html = `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head><body data-preview-problems=""><h1>${escapeHtml(title)}</h1>${list}</body></html>`
  return { statusCode: 422, html }
}

/**
 * POST /admin/content/:kind/:slug/preview?locale=: the editor's form as it is now (the page's own
 * fields; a new item's slug from its `slug` field) -> the whole content tree with the item in it, checked
 * as a save would be (checkCandidate, drafts shown) -> the public page at the item's URL in that
 * language, drawn by the site's renderer. For the editor's iframe only (framed by the staff area), never
 * stored. A tree with problems answers 422 with the problems in words, in the frame.
 */
export async function previewItem(req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>, params: Record<string, string>): Promise<unknown> {
  const named = itemOfParams(params)
  const staff = staffLocale(req, req.staffSession?.account.locale)
  const t = staffTranslator(staff)
  if (!named) return sendPreview(reply, { ...noticePage(staff, t('staff.errors.notFound.title'), []), statusCode: 404 }, true)
  const form = Object.fromEntries(Object.entries(body).filter(([, v]) => typeof v === 'string')) as Record<string, string>
  const slug = typeof form.slug === 'string' && SLUG_RE.test(form.slug) ? form.slug : named.slug
  const locale = previewLocale(req)
  const item = itemOfForm(named.kind, slug, form)
  const { contentPreview } = req.server
  const path = publicPathOf(named.kind, slug, locale, item)
  if (!path) return sendPreview(reply, noticePage(staff, t('staff.content.preview.noPath'), []), true)
  const { problems, loaded } = await checkCandidate(contentPreview.dir, { key: itemKey(named.kind, slug), next: item }, { drafts: true })
  if (problems.length || !loaded) return sendPreview(reply, noticePage(staff, t('staff.content.preview.problemsTitle'), problems), true)
  return sendPreview(reply, await contentPreview.draw(req, loaded, path), true)
}
