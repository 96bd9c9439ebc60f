/** The preview link page's loader, and the signed link's own GET (the public page, or why not). */
import { loadPreviewLink } from './link-page.server'
import { sharedPreview } from './shared-preview.server'
import type { StaffLoaderContext, StaffPageSend } from '../types'
import type { PreviewLinkData } from './page-data'

/** GET /admin/content/:kind/:slug/preview-link: the form for a saved item. */
export function loadPreviewLinkPage(ctx: StaffLoaderContext): Promise<PreviewLinkData | null> {
  return loadPreviewLink(ctx)
}

/** GET /admin/preview/:token: the item's public page as the link shows it, or this family's page saying why not. */
export function serveSharedPreview(send: StaffPageSend) {
  return sharedPreview(send)
}
