import { staffRoute } from '../define'
import { EDITOR_ROLES } from '../roles'
import type { PreviewLinkData, SharedPreviewData } from './page-data'
import { PreviewLinkPage } from './preview-link-page'
import { SharedPreviewPage } from './shared-preview-page'
import { loadPreviewLinkPage, previewLinkAction } from './loader.server'

/** Makes a signed preview link of an item's saved state (editors and admins). */
export const previewLinkRoute = staffRoute<PreviewLinkData>({
  id: 'contentPreviewLink',
  Component: PreviewLinkPage,
  access: EDITOR_ROLES,
  titleKey: 'staff.content.preview.link.title',
  loader: loadPreviewLinkPage,
  action: previewLinkAction,
})

/**
 * A signed preview link, anyone holding it: the public page itself is answered by its own GET route
 * (server/editor/http/shared-preview.ts); this page is what a link that shows nothing says.
 */
export const sharedPreviewRoute = staffRoute<SharedPreviewData>({
  id: 'contentSharedPreview',
  Component: SharedPreviewPage,
  access: 'anyone',
  titleKey: 'staff.content.preview.link.title',
  bare: true,
})
