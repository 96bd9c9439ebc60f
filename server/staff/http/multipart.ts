import type { FastifyRequest } from 'fastify'
import createError from '@fastify/error'

/** A multipart body the parser could not read (cut short, malformed, too many parts). */
export const BadUpload = createError('SITE_BAD_UPLOAD', 'unreadable upload: %s', 400)

export interface UploadedFile {
  filename: string
  mimetype: string
  data: Buffer
}

/** A staff upload read whole: its text fields, its one file (null when none), and whether the file went past `maxBytes`. */
export interface Upload {
  fields: Record<string, string>
  file: UploadedFile | null
  tooLarge: boolean
}

/**
 * Reads a multipart/form-data body (@fastify/multipart, registered only on the upload routes:
 * routes.ts): at most a few small text fields and one file of at most `maxBytes`; a larger file is
 * read no further than that (busboy drops the rest; the plugin is registered with throwFileSizeLimit false)
 * and answered as too large by the endpoint.
 */
export async function readUpload(req: FastifyRequest, maxBytes: number): Promise<Upload> {
  const upload: Upload = { fields: {}, file: null, tooLarge: false }
  const limits = { fileSize: maxBytes, files: 1, fields: 8, fieldSize: 1024, parts: 9 }
  try {
    for await (const part of req.parts({ limits })) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') upload.fields[part.fieldname] ??= part.value
        continue
      }
      const chunks: Buffer[] = []
      for await (const chunk of part.file) chunks.push(chunk as Buffer)
      if (part.file.truncated) upload.tooLarge = true
      else upload.file = { filename: part.filename ?? '', mimetype: part.mimetype ?? '', data: Buffer.concat(chunks) }
    }
  } catch (err) {
    // Malformed, cut short, a second file, too many or too long fields: a bad request, whatever busboy called it.
    throw new BadUpload((err as Error).message)
  }
  return upload
}
