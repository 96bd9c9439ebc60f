import type { FastifyReply, FastifyRequest } from 'fastify'
import { staffTranslator } from '../../../server/i18n/staff-catalog'
import { staffLocale } from '../../../server/staff/http/locale'
import { actorOf } from '../../../server/staff/http/services'
import type { Upload } from '../../../server/staff/http/multipart'
import { MAX_UPLOAD_BYTES, REFUSALS, type Refusal } from '../../../server/editor/image-upload'


/** A refusal in JSON: its status, its reason, and the words for it in the staff member's language. */
function refuse(req: FastifyRequest, reply: FastifyReply, reason: Refusal) {
  const t = staffTranslator(staffLocale(req, req.staffSession?.account.locale))
  const message = t(`staff.content.images.refused.${reason}`, { mb: MAX_UPLOAD_BYTES / 1024 / 1024 })
  if (reason === 'tooLarge') reply.header('connection', 'close')
  return reply.code(REFUSALS[reason]).send({ ok: false, statusCode: REFUSALS[reason], reason, message })
}

/**
 * POST /admin/content/images (editors and admins; the pipeline has checked Origin, role and token):
 * the field `file`, stored as a content image by the editor service (server/editor/image-upload.ts), answered
 * `{ ok, path, width, height }` and audited `content.upload` with the path. Nothing refers to it yet:
 * the item's save does (`cover:`, a gallery's `src:`, the Markdown body).
 */
export async function uploadImage(req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>): Promise<unknown> {
  const upload = body.upload as Upload
  if (upload.tooLarge) return refuse(req, reply, 'tooLarge')
  if (!upload.file || upload.file.data.length === 0) return refuse(req, reply, 'noFile')
  const stored = await req.server.editor.upload(actorOf(req), upload.file)
  if (stored.kind === 'refused') return refuse(req, reply, stored.reason)
  return reply.send({ ok: true, path: stored.path, width: stored.width, height: stored.height })
}
