import type { FastifyReply, FastifyRequest } from 'fastify'
import { compareItems } from './diff'
import type { RevisionRef, RevisionRow, RevisionsAnswer, RevisionsData } from './page-data'
import { itemKey, type ItemKey, type ItemKind } from '../editor-model/items'
import { staffHref } from '../paths'
import type { StaffPageAnswer } from '../types'
import { StaffNotFound } from '../../../server/staff/http/errors'
import { actorOf } from '../../../server/staff/http/services'
import { shownTime } from '../../../server/staff/http/shown-time'
import { itemHash, readItem } from '../../../server/editor/files'
import type { Revision } from '../../../server/editor/types'
import { itemOfParams } from '../../../server/editor/service-commit'
import { itemTitle } from '../content-preview-link/link-page.server'

const seqOf = (value: unknown): number | null => (typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null)

/**
 * The item's revision `seq` as the page names it (its number among the item's), from those listed or else
 * the store (one older than the list); null for no revision of this item.
 */
async function refOf(req: FastifyRequest, key: ItemKey, listed: Revision[], seq: number | null | undefined): Promise<RevisionRef | null> {
  if (seq === null || seq === undefined) return null
  const revision = listed.find((r) => r.seq === seq) ?? (await req.server.editorStore.revision(seq))
  return revision && revision.key === key ? { seq, number: revision.number } : null
}

async function rowsOf(req: FastifyRequest, key: ItemKey, revisions: Revision[], hash: string): Promise<RevisionRow[]> {
  const names = new Map((await req.server.staffStore.listAccounts()).map((a) => [a.id, a.name]))
  const current = revisions.find((r) => r.hash === hash)
  return Promise.all(
    revisions.map(async (r) => {
      const name = r.accountId === null ? undefined : names.get(r.accountId)
      const who: RevisionRow['who'] = r.accountId === null ? { cli: true } : name === undefined ? { removed: true } : { name }
      const restoredFrom = (await refOf(req, key, revisions, r.restoredFrom))?.number ?? null
      return { seq: r.seq, number: r.number, at: shownTime(r.at), who, action: r.action, restoredFrom, deletion: r.item === null, current: r === current }
    }),
  )
}

const refTo = (r: Revision): RevisionRef => ({ seq: r.seq, number: r.number })

/** Two revisions to compare: those the query names (?older=&newer=, in either order), else the newest two. */
function comparedPair(revisions: Revision[], search: URLSearchParams): [Revision, Revision] | null {
  const a = revisions.find((r) => r.seq === seqOf(search.get('older')))
  const b = revisions.find((r) => r.seq === seqOf(search.get('newer')))
  if (a && b && a !== b) return a.seq < b.seq ? [a, b] : [b, a]
  return revisions.length >= 2 ? [revisions[1]!, revisions[0]!] : null
}

/**
 * The revisions page's data: every revision of the item, newest first (who, when, what), each numbered
 * among the item's own, two of them compared field by field, and what a restore answered. Null (the 404)
 * for no item of that name with neither files nor revisions.
 */
export async function revisionsData(req: FastifyRequest, params: Record<string, string>, search: URLSearchParams, answer: RevisionsAnswer = {}): Promise<RevisionsData | null> {
  const named = itemOfParams(params)
  if (!named) return null
  const key = itemKey(named.kind, named.slug)
  const { dir } = req.server.contentPreview
  const saved = readItem(dir, named.kind, named.slug)
  const revisions = await req.server.editorStore.revisions(key)
  if (!saved && revisions.length === 0) return null
  const pair = comparedPair(revisions, search)
  const hash = itemHash(dir, key)
  return {
    kind: named.kind,
    slug: named.slug,
    title: itemTitle(saved?.item ?? revisions.find((r) => r.item)?.item ?? null, named.slug),
    rows: await rowsOf(req, key, revisions, hash),
    hash,
    compare: pair ? { older: refTo(pair[0]), newer: refTo(pair[1]), changes: compareItems(pair[0].item, pair[1].item) } : null,
    notice: answer.notice ? { kind: answer.notice.kind, number: (await refOf(req, key, revisions, answer.notice.seq))?.number } : null,
    problems: answer.problems ?? [],
    confirm: await refOf(req, key, revisions, answer.confirm?.seq),
  }
}

/**
 * POST /admin/content/:kind/:slug/restore (`seq`, `hash`: the item's hash when the page was drawn,
 * `confirmed`): after the confirmation (the dialog, or the step this answers without JavaScript), the
 * item becomes the revision's item again, as a save would (the editor service's restore): the whole tree
 * checked first (422 with the problems), then the files written if the item is still as the page showed
 * it (else 409, nothing written) and a new revision 'restore' recorded with a 'content.change' audit
 * entry; then the content reloaded and the page shown again (303).
 */
export async function restoreRevision(req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>, params: Record<string, string>): Promise<unknown> {
  const page = async (statusCode: number, answer: RevisionsAnswer): Promise<StaffPageAnswer> => {
    const data = await revisionsData(req, params, new URLSearchParams(), answer)
    if (!data) throw new StaffNotFound()
    return { staffPage: { routeId: 'contentRevisions', params, data, statusCode, path: staffHref('contentRevisions', params as { kind: ItemKind; slug: string }) } }
  }
  const hash = typeof body.hash === 'string' ? body.hash : ''
  const outcome = await req.server.editor.restore(actorOf(req), { kind: params.kind, slug: params.slug, seq: seqOf(body.seq), hash, confirmed: body.confirmed === '1' })
  switch (outcome.kind) {
    case 'not-found':
      throw new StaffNotFound()
    case 'unknown':
      return page(409, { notice: { kind: 'unknown' } })
    case 'confirm':
      return page(200, { confirm: { seq: outcome.seq } })
    case 'conflict':
      return page(409, { notice: { kind: 'conflict' } })
    case 'refused':
      return page(422, { notice: { kind: 'refused', seq: outcome.seq }, problems: outcome.problems })
    case 'done':
      return reply.redirect(`${staffHref('contentRevisions', params as { kind: ItemKind; slug: string })}?restored=${outcome.seq}`, 303)
  }
}
