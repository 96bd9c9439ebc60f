import { formAction, staffRoute } from '../define'
import { EDITOR_ROLES } from '../roles'
import type { PreviewLinkData, SharedPreviewData } from './page-data'
import { PreviewLinkPage } from './preview-link-page'
import { SharedPreviewPage } from './shared-preview-page'
import { loadPreviewLinkPage, serveSharedPreview } from './loader.server'
import { previewLinkAction } from './action.server'

/** Makes a signed preview link of an item's saved state (editors and admins). */
export const previewLinkRoute = staffRoute<PreviewLinkData>({
  id: 'contentPreviewLink',
  Component: PreviewLinkPage,
  access: EDITOR_ROLES,
  titleKey: 'staff.content.preview.link.title',
  loader: loadPreviewLinkPage,
  actions: [formAction({ fields: ['locale', 'ttl'], handle: previewLinkAction })],
})

/**
 * A signed preview link, anyone holding it: its GET answers the public page itself
 * (server/editor/http/shared-preview.ts), or this page saying why the link shows nothing.
 */
export const sharedPreviewRoute = staffRoute<SharedPreviewData>({
  id: 'contentSharedPreview',
  Component: SharedPreviewPage,
  access: 'anyone',
  titleKey: 'staff.content.preview.link.title',
  bare: true,
  serve: serveSharedPreview,
})
