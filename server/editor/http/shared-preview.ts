import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SharedPreviewData } from '../../../shared/admin/content-preview-link/page-data'
import { sendStaffPage, visitorOf } from '../../staff/http/pages'
import type { StaffRenderer } from '../../staff/http/render'
import type { Locale } from '../../../shared/i18n/locales'
import { japanDay, parsePublishDate } from '../../content/publication'
import { itemKey, type EditableItem } from '../../../shared/admin/editor-model/items'
import { readItemState } from '../files'
import { checkCandidate } from '../files-check'
import { publicPathOf, sendPreview } from './preview-page'

/**
 * The item as the link shows it: its language as if published now (no `draft`; a news date still to come
 * becomes today), the other language as it is. Everything else stays as visitors see it: the link is for
 * anyone holding it, so no other draft or scheduled item may show (in the article's "next" and "previous",
 * the home page's latest news…).
 */
function publishedNow(item: EditableItem, locale: Locale, now: number): EditableItem {
  const version = item.versions?.[locale]
  if (!version) return item
  const { draft: _draft, ...fields } = version.fields
  const date = fields.date
  if (item.kind === 'news' && (parsePublishDate(date) ?? 0) > now) fields.date = japanDay(now)
  return { ...item, versions: { ...item.versions, [locale]: { ...version, fields } } }
}

/**
 * GET /admin/preview/:token: a signed preview link, for anyone holding it until it expires. The item's
 * saved state (a draft or a scheduled article shown as the site would show it once published, among
 * what visitors see now: no other draft or scheduled item)
 * at its public URL in the link's language, drawn by the site's renderer; noindex, no-store, never framed.
 * An expired link: 410; a token not made here (or altered): 404; its item deleted since, or its file
 * unreadable, or the tree unable to take it: 404 ('gone').
 */
export function sharedPreview(render: StaffRenderer, buildId: string) {
  return async (req: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    const { contentPreview } = req.server
    const refuse = (problem: SharedPreviewData['problem']) =>
      sendStaffPage(render, req, reply, visitorOf(req.staffSession), { routeId: 'contentSharedPreview', data: { problem }, statusCode: problem === 'expired' ? 410 : 404 }, buildId)
    const opened = contentPreview.links.open(req.params.token, contentPreview.now())
    if (!opened.ok) return refuse(opened.why === 'expired' ? 'expired' : 'invalid')
    const { kind, slug, locale } = opened.grant
    const saved = readItemState(contentPreview.dir, kind, slug)
    const item = saved && !saved.unreadable.length ? saved.item : null
    const path = item && publicPathOf(kind, slug, locale, item)
    if (!item || !path) return refuse('gone')
    const now = contentPreview.now()
    const next = kind === 'news' || kind === 'projects' ? publishedNow(item, locale, now) : item
    const { loaded } = await checkCandidate(contentPreview.dir, { key: itemKey(kind, slug), next }, { drafts: false })
    if (!loaded) return refuse('gone')
    const page = await contentPreview.draw(req, loaded, path)
    return sendPreview(reply, page, false)
  }
}
