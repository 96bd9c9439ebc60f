import type { ContentItemData, UnreadableFile } from './page-data'
import { staffHref } from '../paths'
import type { StaffActionContext, StaffAnswer } from '../types'
import { actorOf } from '../../../server/staff/http/services'
import { existingItemData } from './item.server'

/**
 * The fix of an item file that cannot be read (the editor page's "unreadable" view): its text saved as
 * typed (`rawAction=save`) or that language's file removed (`rawAction=remove`), after the confirmation,
 * on the hash the page showed: the editor service's fixFile (server/editor/service-raw.ts), its outcome
 * as the page. Null for no such item or file (the 404).
 */
export async function saveRaw(ctx: StaffActionContext): Promise<StaffAnswer<ContentItemData> | null> {
  const { req, params, body } = ctx
  const outcome = await req.server.editor.fixFile(actorOf(req), {
    kind: params.kind,
    slug: params.slug,
    file: body.rawFile,
    remove: body.rawAction === 'remove',
    text: body.rawText,
    base: body.base ?? '',
    confirmed: body.confirmed === '1',
  })
  if (outcome.kind === 'not-found') return null
  const { kind, slug } = outcome.item
  const again = async (statusCode: number, typed: UnreadableFile[], change: Partial<ContentItemData>) => ({ data: (await existingItemData(req, kind, slug, { unreadable: typed, ...change }))!, statusCode })
  switch (outcome.kind) {
    case 'confirm':
      return again(200, outcome.typed, { confirm: { action: 'raw', file: outcome.file, what: outcome.what } })
    case 'invalid':
      return again(422, outcome.typed, { unreadable: [outcome.unreadable] })
    case 'refused':
      return again(422, outcome.typed, { problems: outcome.problems })
    case 'conflict': {
      const data = await existingItemData(req, kind, slug, { notice: 'changed' })
      return data ? { data, statusCode: 409 } : { redirect: staffHref('content') }
    }
    case 'done':
      return { redirect: outcome.deleted ? `${staffHref('content')}?notice=deleted` : `${staffHref('contentItem', { kind, slug })}?notice=saved` }
  }
}
