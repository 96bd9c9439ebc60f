/**
 * The item editor's POSTs, each handed to the editor's own code (server/editor): the save (an existing
 * item's, a new one's), publish, delete, the preview, the presence heartbeat and the image upload.
 */
import { previewItem } from './preview.server'
import { uploadImage } from './upload.server'
import { deleteItem, itemPresence, publishItem } from './posts.server'
import { saveItem } from './save.server'
import type { StaffActionContext, StaffAnswer } from '../types'
import type { ContentItemData } from './page-data'

type Ctx = StaffActionContext<Record<string, unknown>>

/** POST /admin/content/:kind/:slug: the item saved. */
export function saveContentItem(ctx: StaffActionContext): Promise<StaffAnswer<ContentItemData>> {
  return saveItem(ctx, false)
}

/** POST /admin/content/new/:kind: a new item saved. */
export function saveNewItem(ctx: StaffActionContext): Promise<StaffAnswer<ContentItemData>> {
  return saveItem(ctx, true)
}

/** POST …/publish: one language drafted, published or scheduled. */
export const publish = ({ req, reply, body, params }: Ctx) => publishItem(req, reply, body, params)

/** POST …/delete: the item's files removed. */
export const remove = ({ req, reply, body, params }: Ctx) => deleteItem(req, reply, body, params)

/** POST …/presence (JSON): who else has the item open. */
export const presence = ({ req, reply, body, params }: Ctx) => itemPresence(req, reply, body, params)

/** POST …/preview: the public page drawn from the form as it is now. */
export const preview = ({ req, reply, body, params }: Ctx) => previewItem(req, reply, body, params)

/** POST /admin/content/images: an image stored in the content folder. */
export const upload = ({ req, reply, body }: Ctx) => uploadImage(req, reply, body)
