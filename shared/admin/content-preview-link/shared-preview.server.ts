import type { FastifyReply, FastifyRequest } from 'fastify'
import { LRUCache } from 'lru-cache'
import type { SharedPreviewData } from './page-data'
import type { StaffPageSend } from '../types'
import type { AuditOutcome } from '../../../server/staff/types'
import { auditOf } from '../../../server/staff/http/services'
import type { Locale } from '../../i18n/locales'
import { japanDay, parsePublishDate } from '../../../server/content/publication'
import { itemKey, type EditableItem } from '../editor-model/items'
import type { DrawnPreview } from '../../../server/plugins/content-preview'
import { snapshotOf } from '../../../server/plugins/content'
import { readItemState } from '../../../server/editor/files'
import { checkCandidate } from '../../../server/editor/files-check'
import { linkState, type PreviewGrant } from '../../../server/editor/preview-links'
import { publicPathOf, sendPreview } from '../../../server/editor/preview-page'

/** At most this many bytes of drawn link pages are kept in memory (the least recently shown forgotten first). */
const LINK_PAGES_BYTES = 16 * 1024 * 1024

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

/** The audit entry of an open of a link made here: no account, the item, the language and the expiry (never the signature). */
const openAudit = (req: FastifyRequest, grant: PreviewGrant, outcome: AuditOutcome) =>
  auditOf(req, null, 'content.preview-open', `${itemKey(grant.kind, grant.slug)} ${grant.locale} until ${new Date(grant.expires).toISOString()}`, outcome)

/**
 * GET /admin/preview/:token: a signed preview link, for anyone holding it until it expires. The item's
 * saved state the link was made for (a draft or a scheduled article shown as the site would show it once
 * published, among what visitors see now: no other draft or scheduled item) at its public URL in the
 * link's language, drawn by the site's renderer; noindex, no-store, never framed. A token not made here
 * (or altered, or of the older format): 404. An expired link, or one whose item was saved again since it
 * was made: 410; its item deleted since, or the tree unable to take it: 404 ('gone'); each page in the
 * link's language. Every open of a link made here is audited ('content.preview-open'; 'ok' when shown).
 *
 * The refusal is sent by `send` (the staff router's), as its route's page.
 *
 * A drawn page is kept (by bytes) under the item's state, the served content's version and the Japan
 * day, until the next scheduled change of what it shows: opened again, it is answered without loading
 * the tree (site_preview_link_pages_total counts both), and never for a state its link was not made for.
 */
export function sharedPreview(send: StaffPageSend) {
  const kept = new LRUCache<string, DrawnPreview>({ maxSize: LINK_PAGES_BYTES, sizeCalculation: (page) => Buffer.byteLength(page.html) + 256 * page.images.length })

  /** The page the grant shows of `item` at `path`: kept, or drawn from the tree with it and kept; null when the tree cannot take it. */
  async function pageOf(req: FastifyRequest, grant: PreviewGrant, item: EditableItem, path: string): Promise<DrawnPreview | null> {
    const { contentPreview, metrics } = req.server
    const now = contentPreview.now()
    const key = [itemKey(grant.kind, grant.slug), grant.locale, grant.state, snapshotOf(req).content.version, japanDay(now)].join(' ')
    const hit = kept.get(key)
    if (hit && (hit.nextChangeAt ?? Infinity) > now) {
      contentPreview.show(hit.images)
      metrics?.previewLinkPage('hit')
      return hit
    }
    const next = grant.kind === 'news' || grant.kind === 'projects' ? publishedNow(item, grant.locale, now) : item
    const { loaded } = await checkCandidate(contentPreview.dir, { key: itemKey(grant.kind, grant.slug), next }, { drafts: false })
    if (!loaded) return null
    const page = await contentPreview.draw(req, loaded, path)
    kept.set(key, page)
    metrics?.previewLinkPage('miss')
    return page
  }

  return async (req: FastifyRequest, reply: FastifyReply) => {
    const { contentPreview, staffArea } = req.server
    const refuse = (problem: SharedPreviewData['problem'], locale?: Locale) =>
      send(req, reply, { routeId: 'contentSharedPreview', data: { problem }, statusCode: problem === 'expired' || problem === 'stale' ? 410 : 404, ...(locale && { locale }) })
    const opened = contentPreview.links.open((req.params as { token: string }).token, contentPreview.now())
    if (!('grant' in opened)) return refuse('invalid')
    const { grant } = opened
    const refuseOpened = async (problem: SharedPreviewData['problem']) => {
      await staffArea.store.audit(openAudit(req, grant, 'refused'))
      return refuse(problem, grant.locale)
    }
    if (!opened.ok) return refuseOpened('expired')
    const saved = readItemState(contentPreview.dir, grant.kind, grant.slug)
    if (saved && linkState(saved.hash) !== grant.state) return refuseOpened('stale')
    const item = saved && !saved.unreadable.length ? saved.item : null
    const path = item && publicPathOf(grant.kind, grant.slug, grant.locale, item)
    const page = item && path ? await pageOf(req, grant, item, path) : null
    if (!page) return refuseOpened('gone')
    await staffArea.store.audit(openAudit(req, grant, 'ok'))
    return sendPreview(reply, page, false)
  }
}
