/**
 * What the editor's image upload takes (STAFF_PATHS.contentImages): the server's limits (server/editor/image-upload.ts)
 * and the picker's checks before sending (shared/admin/content-item/image-picker.tsx) read them here.
 */

/** The largest file taken: 20 MiB. */
export const IMAGE_UPLOAD_MAX_BYTES = 20 * 1024 * 1024
/** The most pixels decoded (a 48 MP phone photo fits; a decompression bomb does not). */
export const IMAGE_UPLOAD_MAX_PIXELS = 64_000_000
/** The types a picker offers (the server sniffs the bytes and does not believe these). */
export const IMAGE_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'] as const

/** Why an upload is refused (staff.content.images.refused.<reason>), with its status. */
export const IMAGE_REFUSALS = {
  noFile: 400,
  tooLarge: 413,
  svg: 415,
  format: 415,
  mismatch: 415,
  pixels: 422,
  unreadable: 422,
} as const
export type ImageRefusal = keyof typeof IMAGE_REFUSALS

/** The server's answer to an upload that was stored: the content path (for `cover:`, a gallery's `src:`, the Markdown body) and its size upright. */
export interface UploadedImage {
  path: string
  width: number
  height: number
}
