import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { extname, join } from 'node:path'
import sharp from 'sharp'
import { IMAGE_REFUSALS, IMAGE_UPLOAD_MAX_BYTES, IMAGE_UPLOAD_MAX_PIXELS, type ImageRefusal } from '../../shared/admin/content-item/image-upload-rules'
import { IMAGE_WIDTHS } from '../../shared/images'
import { DEFAULT_TIME_ZONE, todayIn } from '../../shared/validation'
import { writeFileAtomic } from '../content/atomic'

/**
 * An image uploaded through the editor (POST /admin/content/images): sniffed from its bytes (never its
 * name or declared type), turned upright by its EXIF orientation, re-encoded in its own format with no
 * metadata at all, and stored as a content file `images/uploads/<YYYY>/<name>-<hash8>.<ext>`.
 */

/** The largest file taken: 20 MiB (a phone's photo is 3–12 MB). */
export const MAX_UPLOAD_BYTES = IMAGE_UPLOAD_MAX_BYTES
/** The most pixels decoded: 64 million. */
export const MAX_UPLOAD_PIXELS = IMAGE_UPLOAD_MAX_PIXELS

export type UploadFormat = 'jpg' | 'png' | 'webp' | 'avif'

/** Per format: the types a browser declares for it and the file extensions it may carry. */
const FORMATS: Record<UploadFormat, { types: string[]; exts: string[] }> = {
  jpg: { types: ['image/jpeg', 'image/pjpeg'], exts: ['.jpg', '.jpeg'] },
  png: { types: ['image/png'], exts: ['.png'] },
  webp: { types: ['image/webp'], exts: ['.webp'] },
  avif: { types: ['image/avif'], exts: ['.avif'] },
}

export const REFUSALS = IMAGE_REFUSALS
export type Refusal = ImageRefusal

export interface Declared {
  filename: string
  mimetype: string
}

export interface PreparedImage {
  format: UploadFormat
  data: Buffer
  width: number
  height: number
}

/** The format the bytes are, or the refusal; `declared` must agree (a type a browser leaves out, '' or octet-stream, is not a claim). */
async function sniff(bytes: Buffer, declared: Declared): Promise<UploadFormat | Refusal> {
  let meta: sharp.Metadata
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch {
    const head = bytes.subarray(0, 4096).toString('latin1')
    if (/<svg[\s>]/i.test(head)) return 'svg'
    // One of ours by its signature but its header cut or damaged: unreadable, not the wrong kind.
    return /^(\xff\xd8\xff|\x89PNG\r\n\x1a\n|RIFF[^]{4}WEBP|[^]{4}ftypavi[fs])/.test(head) ? 'unreadable' : 'format'
  }
  if (meta.format === 'svg') return 'svg'
  const format: UploadFormat | null =
    meta.format === 'jpeg' ? 'jpg' : meta.format === 'png' ? 'png' : meta.format === 'webp' ? 'webp' : meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : null
  if (!format) return 'format'
  const { types, exts } = FORMATS[format]
  const type = declared.mimetype.toLowerCase()
  if (!exts.includes(extname(declared.filename).toLowerCase())) return 'mismatch'
  if (type !== '' && type !== 'application/octet-stream' && !types.includes(type)) return 'mismatch'
  if (!meta.width || !meta.height) return 'unreadable'
  if (meta.width * meta.height > MAX_UPLOAD_PIXELS) return 'pixels'
  return format
}

/**
 * The largest an upload is stored: the widest size the site serves (IMAGE_WIDTHS) on either side. A phone's
 * 4032×3024 photo becomes 1600×1200 (a portrait one 1200×1600): every variant the pages use can still be made
 * from it, and `content:check` has no reason to ask the editor to resize what the editor just stored.
 */
export const STORED_MAX_SIDE = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!

/**
 * Upright, no larger than STORED_MAX_SIDE (never enlarged), re-encoded in its own format; sharp writes no
 * metadata unless asked (no EXIF, GPS, XMP, IPTC, ICC: sRGB).
 */
function encode(bytes: Buffer, format: UploadFormat): sharp.Sharp {
  const image = sharp(bytes, { limitInputPixels: MAX_UPLOAD_PIXELS, failOn: 'error' })
    .autoOrient()
    .resize({ width: STORED_MAX_SIDE, height: STORED_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
  if (format === 'jpg') return image.jpeg({ quality: 88, mozjpeg: true })
  if (format === 'png') return image.png({ compressionLevel: 9 })
  if (format === 'webp') return image.webp({ quality: 88 })
  return image.avif({ quality: 64, effort: 3 })
}

/** The image ready to store, or why not. */
export async function prepareImage(bytes: Buffer, declared: Declared): Promise<PreparedImage | { refused: Refusal }> {
  if (bytes.length > MAX_UPLOAD_BYTES) return { refused: 'tooLarge' }
  const format = await sniff(bytes, declared)
  if (!(format in FORMATS)) return { refused: format as Refusal }
  try {
    const { data, info } = await encode(bytes, format as UploadFormat).toBuffer({ resolveWithObject: true })
    return { format: format as UploadFormat, data, width: info.width, height: info.height }
  } catch (err) {
    return { refused: /pixel limit/i.test(String((err as Error).message)) ? 'pixels' : 'unreadable' }
  }
}

/** A file name's stem as a path part: ASCII letters and digits in lowercase and '-', at most 40 characters ('image' when nothing is left). */
export function nameOf(filename: string): string {
  const stem = filename.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '')
  const name = stem
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 40)
    .replace(/^-+|-+$/g, '')
  return name || 'image'
}

/**
 * Stores a prepared image under `contentDir` and returns its content path (for `cover:`, a gallery's `src:`
 * or the Markdown body). The year is Japan time's at `now`; the name ends with the first 8 hex digits of
 * the stored bytes' SHA-256, so the same image uploaded twice is one file. One new file that nothing
 * refers to yet: no marker change (server/editor/marker.ts), the save that refers to it makes one.
 */
export function storeImage(contentDir: string, filename: string, image: PreparedImage, now: number): string {
  const year = todayIn(DEFAULT_TIME_ZONE, new Date(now)).slice(0, 4)
  const hash8 = createHash('sha256').update(image.data).digest('hex').slice(0, 8)
  const path = `images/uploads/${year}/${nameOf(filename)}-${hash8}.${image.format}`
  mkdirSync(join(contentDir, 'images', 'uploads', year), { recursive: true })
  writeFileAtomic(join(contentDir, path), image.data)
  return path
}
