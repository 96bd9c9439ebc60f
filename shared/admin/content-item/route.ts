import { EDITOR_ROLES } from '../roles'
import { formAction, jsonAction, staffRoute, uploadAction } from '../define'
import { ContentItemPage } from './item-page'
import { IMAGE_UPLOAD_MAX_BYTES } from './image-upload-rules'
import type { ContentItemData } from './page-data'
import { EDITOR_BODY_LIMIT, EDITOR_FIELDS } from './form-schema'
import { loadContentItem, loadNewItem } from './loader.server'
import { preview, presence, publish, remove, saveContentItem, saveNewItem, upload } from './action.server'

const statusOf = (data: ContentItemData) => (data.unreadable?.length || data.conflict || data.notice === 'changed' ? 409 : Object.keys(data.errors).length || data.problems.length ? 422 : 200)

/**
 * One item's editor (editors and admins): both languages side by side, its own POST saves it
 * (field errors and the content folder's problems: 422 with what was typed; someone saved meanwhile:
 * 409 with both versions; saved: 303 back with a notice). Its other forms: publish, delete, the
 * preview (the public page for the editor's frame), the page's presence heartbeat (automatic: an
 * editor left open still reaches the session's idle limit) and the image upload.
 */
export const contentItemRoute = staffRoute<ContentItemData>({
  id: 'contentItem',
  Component: ContentItemPage,
  access: EDITOR_ROLES,
  titleKey: 'staff.content.item.title',
  loader: loadContentItem,
  statusOf,
  actions: [
    formAction({ ...EDITOR_FIELDS, bodyLimit: EDITOR_BODY_LIMIT, handle: saveContentItem }),
    formAction({ at: 'contentPublish', fields: ['locale', 'action', 'at', 'confirmed'], handle: publish }),
    formAction({ at: 'contentDelete', fields: ['base', 'confirmed'], handle: remove }),
    formAction({ at: 'contentPreview', ...EDITOR_FIELDS, bodyLimit: EDITOR_BODY_LIMIT, handle: preview }),
    jsonAction({ at: 'contentPresence', automatic: true, handle: presence }),
    uploadAction({ at: 'contentImages', bodyLimit: IMAGE_UPLOAD_MAX_BYTES, handle: upload }),
  ],
})

/** A new news article, project or page: its slug typed, Japanese to write first. */
export const contentNewRoute = staffRoute<ContentItemData>({
  id: 'contentNew',
  Component: ContentItemPage,
  access: EDITOR_ROLES,
  titleKey: 'staff.content.item.titleNew',
  loader: loadNewItem,
  statusOf,
  actions: [formAction({ ...EDITOR_FIELDS, bodyLimit: EDITOR_BODY_LIMIT, handle: saveNewItem })],
})
