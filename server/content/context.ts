import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import type { ValidateFunction } from 'ajv'
import type { ImageRef } from '../../shared/content'
import { describeError } from './describe'
import { ImageRegistry } from './images'
import { createMarkdown } from './markdown'
import { oversizedImage } from './warnings'

/**
 * What every step of loading the content folder shares: the problems found so far (every step
 * goes on after a problem, so one run reports them all), the images, the Markdown renderer and
 * the content version (a hash of every file read, in reading order).
 */
export interface LoadContext {
  readonly dir: string
  readonly problems: string[]
  /** What a writer would want to know but does not stop the site, in the same 'file: field: what' lines. */
  readonly warnings: string[]
  readonly images: ImageRegistry
  /** Markdown to HTML; `images` (by source as written) are shown in their variants. */
  readonly render: (markdown: string, images?: ReadonlyMap<string, ImageRef>) => string
  /** A path as problems name it: relative to the content folder. */
  rel(path: string): string
  /** A file's text, or null after noting that it is missing. */
  read(path: string): string | null
  /**
   * Registers an image the file refers to, or notes why it cannot be used and returns undefined.
   * A raster image much larger than the site ever shows it is noted once as a warning.
   */
  image(src: string, alt: string, file: string): Promise<ImageRef | undefined>
  /** Whether the data passes the validator; else notes one line per problem, naming file and field. */
  check<T>(validate: ValidateFunction, data: unknown, file: string): data is T
  /** The content version once every file was read (no file read after it counts): changes whenever a file changes. */
  version(): string
}

export function createLoadContext(dir: string): LoadContext {
  const problems: string[] = []
  const warnings: string[] = []
  const warnedImages = new Set<string>()
  const images = new ImageRegistry(dir)
  const hash = createHash('sha256')
  const rel = (path: string) => relative(dir, path)
  let version: string | undefined
  return {
    dir,
    problems,
    warnings,
    images,
    render: createMarkdown(),
    rel,
    read(path) {
      try {
        const text = readFileSync(path, 'utf8')
        if (version === undefined) hash.update(rel(path)).update(text)
        return text
      } catch {
        problems.push(`${rel(path)}: file is missing`)
        return null
      }
    },
    async image(src, alt, file) {
      let ref: ImageRef
      try {
        ref = await images.register(src, alt)
      } catch (err) {
        problems.push(`${file}: ${(err as Error).message}`)
        return undefined
      }
      const path = resolve(dir, src)
      if (!warnedImages.has(path)) {
        warnedImages.add(path)
        const warning = oversizedImage(rel(path), ref.width, statSync(path).size)
        if (warning) warnings.push(warning)
      }
      return ref
    },
    check<T>(validate: ValidateFunction, data: unknown, file: string): data is T {
      if (validate(data)) return true
      const root = file.endsWith('.md') ? '(front matter)' : '(whole file)'
      // ajv reports an enum failure also as the parent's anyOf etc.; keep each line once.
      for (const line of new Set((validate.errors ?? []).map((error) => describeError(error, root)))) problems.push(`${file}: ${line}`)
      return false
    },
    version: () => (version ??= hash.digest('hex').slice(0, 16)),
  }
}
