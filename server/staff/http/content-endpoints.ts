import { EDITOR_ROLES } from '../../../shared/admin/roles'
import { MAX_UPLOAD_BYTES } from '../../editor/image-upload'
import { uploadImage } from '../../editor/http/upload-image'
import { deleteItem, itemPresence, publishItem } from '../../editor/item-posts'
import { previewItem } from '../../editor/http/preview-endpoints'
import { restoreRevision } from '../../editor/http/revisions'
import type { StaffEndpoint } from './endpoints'

/**
 * The content editor's POSTs that are not a page's own form: publish, delete, restore,
 * the preview, the presence heartbeat, the image upload (a signed link is made by its own page, contentPreviewLink). Editors and admins
 * (EDITOR_ROLES); the pipeline checks Origin, the role and the session's token before each handler.
 */
export const contentEndpoints: StaffEndpoint[] = [
  { id: 'contentImages', access: EDITOR_ROLES, kind: 'upload', maxBytes: MAX_UPLOAD_BYTES, handle: uploadImage },
  { id: 'contentPublish', access: EDITOR_ROLES, kind: 'form', handle: publishItem },
  { id: 'contentDelete', access: EDITOR_ROLES, kind: 'form', handle: deleteItem },
  // The page's heartbeat (every 20 s): automatic, so an editor left open still reaches the session's idle limit.
  { id: 'contentPresence', access: EDITOR_ROLES, kind: 'json', automatic: true, handle: itemPresence },
  // The preview: the editor's form -> the public page, for the editor's iframe (HTML, framed by the staff area only).
  { id: 'contentPreview', access: EDITOR_ROLES, kind: 'form', handle: previewItem },
  // A restore of a revision, after its confirmation (the revisions page's form).
  { id: 'contentRestore', access: EDITOR_ROLES, kind: 'form', handle: restoreRevision },
]
