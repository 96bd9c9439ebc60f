import type { ImageRef } from '../content'
import { imageUrl, imageWidths, type ImageFormat } from '../images'

function srcset(image: ImageRef, format: ImageFormat): string {
  return imageWidths(image.width)
    .map((w) => `${imageUrl(image, w, format)} ${w}w`)
    .join(', ')
}

interface PictureProps {
  image: ImageRef
  sizes: string
  /** The page's one LCP image: eager with high priority; every other image is lazy. */
  priority?: boolean
  className?: string
}

/** AVIF, then WebP, then JPEG; width/height always set so nothing shifts. */
export function Picture({ image, sizes, priority, className }: PictureProps) {
  const widths = imageWidths(image.width)
  const fallback = widths[Math.min(1, widths.length - 1)]!
  return (
    <picture className={className}>
      <source type="image/avif" srcSet={srcset(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={srcset(image, 'webp')} sizes={sizes} />
      <img
        src={imageUrl(image, fallback, 'jpg')}
        srcSet={srcset(image, 'jpg')}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? 'auto' : 'async'}
        {...(priority ? { fetchPriority: 'high' as const } : {})}
      />
    </picture>
  )
}

export const SIZES = {
  card: '(min-width: 64em) 22rem, (min-width: 30em) 45vw, calc(100vw - 2rem)',
  full: '100vw',
  detail: '(min-width: 80em) 72rem, 100vw',
} as const
