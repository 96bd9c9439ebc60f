import type { FastifyReply, FastifyRequest } from 'fastify'
import { staffTranslator } from '../../staff/http/catalog'
import { staffLocale } from '../../staff/http/locale'
import { auditOf } from '../../staff/http/services'
import type { Upload } from '../../staff/http/multipart'
import { MAX_UPLOAD_BYTES, prepareImage, REFUSALS, storeImage, type Refusal } from '../image-upload'


/** A refusal in JSON: its status, its reason, and the words for it in the staff member's language. */
function refuse(req: FastifyRequest, reply: FastifyReply, reason: Refusal) {
  const t = staffTranslator(staffLocale(req, req.staffSession?.account.locale))
  const message = t(`staff.content.images.refused.${reason}`, { mb: MAX_UPLOAD_BYTES / 1024 / 1024 })
  if (reason === 'tooLarge') reply.header('connection', 'close')
  return reply.code(REFUSALS[reason]).send({ ok: false, statusCode: REFUSALS[reason], reason, message })
}

/**
 * POST /admin/content/images (editors and admins; the pipeline has checked Origin, role and token):
 * the field `file`, stored as a content image (server/editor/image-upload.ts), answered
 * `{ ok, path, width, height }` and audited `content.upload` with the path. Nothing refers to it yet:
 * the item's save does (`cover:`, a gallery's `src:`, the Markdown body).
 */
export async function uploadImage(req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>): Promise<unknown> {
  const upload = body.upload as Upload
  if (upload.tooLarge) return refuse(req, reply, 'tooLarge')
  if (!upload.file || upload.file.data.length === 0) return refuse(req, reply, 'noFile')
  const image = await prepareImage(upload.file.data, upload.file)
  if ('refused' in image) return refuse(req, reply, image.refused)
  const { store, now } = req.server.staffArea
  const path = storeImage(req.server.staffArea.contentDir, upload.file.filename, image, now())
  await store.audit(auditOf(req, req.staffSession!.account.id, 'content.upload', path))
  return reply.send({ ok: true, path, width: image.width, height: image.height })
}
