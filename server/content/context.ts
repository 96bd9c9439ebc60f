import { createHash } from 'node:crypto'
import { readFileSync, statSync } from 'node:fs'
import { relative, resolve } from 'node:path'
import type { ValidateFunction } from 'ajv'
import type { ImageRef } from '../../shared/content'
import { describeError } from './describe'
import { ImageRegistry } from './images'
import { createMarkdown } from './markdown'
import type { LoadContext } from './types'
import { oversizedImage } from './warnings'

/** The load context (types.ts) of one loading of the content folder `dir`. */
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
