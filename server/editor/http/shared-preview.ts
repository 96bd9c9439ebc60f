import type { FastifyReply, FastifyRequest } from 'fastify'
import type { SharedPreviewData } from '../../../shared/admin/content-preview-link/page-data'
import { sendStaffPage, visitorOf } from '../../staff/http/pages'
import type { StaffRenderer } from '../../staff/http/render'
import { readItem } from '../files'
import { publicPathOf, sendPreview } from './preview-page'

/**
 * GET /admin/preview/:token: a signed preview link, for anyone holding it until it expires. The item's
 * saved state (a draft or a scheduled article shown, marked, as the site would show it once published)
 * at its public URL in the link's language, drawn by the site's renderer; noindex, no-store, never framed.
 * An expired link: 410; a token not made here (or altered): 404; its item deleted since: 404.
 */
export function sharedPreview(render: StaffRenderer, buildId: string) {
  return async (req: FastifyRequest<{ Params: { token: string } }>, reply: FastifyReply) => {
    const { contentPreview } = req.server
    const refuse = (problem: SharedPreviewData['problem']) =>
      sendStaffPage(render, req, reply, visitorOf(req.staffSession), { routeId: 'contentSharedPreview', data: { problem }, statusCode: problem === 'expired' ? 410 : 404 }, buildId)
    const opened = contentPreview.links.open(req.params.token, contentPreview.now())
    if (!opened.ok) return refuse(opened.why === 'expired' ? 'expired' : 'invalid')
    const { kind, slug, locale } = opened.grant
    const saved = readItem(contentPreview.dir, kind, slug)
    const path = saved && publicPathOf(kind, slug, locale, saved.item)
    if (!path) return refuse('gone')
    const page = await contentPreview.draw(req, await contentPreview.saved(req), path)
    return sendPreview(reply, page, false)
  }
}
