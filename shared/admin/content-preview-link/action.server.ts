/** The preview link page's form, handed to the editor's own code (server/editor/http/preview-link-page.ts). */
import { makePreviewLink } from './link-page.server'
import type { StaffActionContext, StaffAnswer } from '../types'
import type { PreviewLinkData } from './page-data'

/** POST /admin/content/:kind/:slug/preview-link (`locale`, `ttl`): a signed link made. */
export function previewLinkAction(ctx: StaffActionContext): Promise<StaffAnswer<PreviewLinkData>> {
  return makePreviewLink(ctx)
}
