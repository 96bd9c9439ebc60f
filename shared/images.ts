import type { ImageRef } from './content'

/** Variant widths and formats of every content image (server generates, pages reference). */
export const IMAGE_WIDTHS = [480, 800, 1200, 1600] as const
export const IMAGE_FORMATS = ['avif', 'webp', 'jpg'] as const
export type ImageFormat = (typeof IMAGE_FORMATS)[number]

/** Widths offered for a source: the standard ones it can fill, or its own width when smaller. */
export function imageWidths(sourceWidth: number): number[] {
  const widths = IMAGE_WIDTHS.filter((w) => w <= sourceWidth)
  return widths.length ? widths : [sourceWidth]
}

/** The JPEG variant link previews and structured data point at: the widest one up to 1200 px. */
export function shareImage(image: ImageRef): { path: string; width: number; height: number; alt: string } {
  const widths = imageWidths(image.width)
  const width = widths.filter((w) => w <= 1200).at(-1) ?? widths[0]!
  return { path: imageUrl(image, width, 'jpg'), width, height: Math.round((image.height * width) / image.width), alt: image.alt }
}

export function imageUrl(image: Pick<ImageRef, 'hash' | 'name'>, width: number, format: ImageFormat): string {
  return `/media/${image.hash}/${image.name}-${width}.${format}`
}
