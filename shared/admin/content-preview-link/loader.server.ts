import { loadPreviewLink, makePreviewLink } from '../../../server/editor/http/preview-link-page'
import type { StaffActionContext, StaffAnswer, StaffLoaderContext } from '../types'
import type { PreviewLinkData } from './page-data'

export function loadPreviewLinkPage(ctx: StaffLoaderContext): Promise<PreviewLinkData | null> {
  return loadPreviewLink(ctx)
}

export function previewLinkAction(ctx: StaffActionContext): Promise<StaffAnswer<PreviewLinkData>> {
  return makePreviewLink(ctx)
}
