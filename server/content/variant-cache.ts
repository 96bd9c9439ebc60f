import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs'
import { access, readFile } from 'node:fs/promises'
import { tempNameFor } from '../private-files'
import { renderVariant, variantCachePath, type SourceImage, type VariantFormat } from './images'

/** Who a variant was made for: the background warm (variant-warm.ts), or a request that found it missing. */
export type MadeFor = 'ahead' | 'request'

/**
 * THE rule of an image variant on disk (DATA_DIR/media): it is read from there when it is there, else made
 * once with sharp and written there (a unique temporary file renamed over its name, so a reader never sees
 * half of one, and replicas sharing DATA_DIR never write over each other's half). One render per variant at a
 * time in this process: a request and the warm asking for the same variant at once share the one render.
 * Both /media/ (server/plugins/media.ts) and the warm (server/content/variant-warm.ts) go through here.
 */
export function createVariantCache(cacheDir: string, { onMade }: { onMade?: ((madeFor: MadeFor) => void) | undefined } = {}) {
  mkdirSync(cacheDir, { recursive: true })
  const inFlight = new Map<string, Promise<Buffer>>()
  const made: Record<MadeFor, number> = { ahead: 0, request: 0 }

  /**
   * The render of the variant under way (joined), or a new one; null when the file is on disk by now. Synchronous
   * from the look at the renders to the new one's entry: a render's file is renamed into place before its entry
   * goes, so between the two looks nothing can slip (in this process).
   */
  function renderOnce(source: SourceImage, width: number, format: VariantFormat, madeFor: MadeFor): { render: Promise<Buffer>; joined: boolean } | null {
    const path = variantCachePath(cacheDir, source.hash, width, format)
    const under = inFlight.get(path)
    if (under) return { render: under, joined: true }
    if (existsSync(path)) return null
    const render = renderVariant(source, width, format).then((buf) => {
      const tmp = tempNameFor(path) // unique per write: replicas sharing DATA_DIR may have the same pid
      writeFileSync(tmp, buf)
      renameSync(tmp, path)
      made[madeFor]++
      onMade?.(madeFor)
      return buf
    })
    inFlight.set(path, render)
    render.finally(() => inFlight.delete(path)).catch(() => {})
    return { render, joined: false }
  }

  return {
    /** Variants made by this process so far, by whom they were made for (a render shared counts for who started it). */
    made: made as Readonly<Record<MadeFor, number>>,
    /** The variant's bytes for a request: from disk, or made now (a source file gone since is an ENOENT error). */
    async read(source: SourceImage, width: number, format: VariantFormat): Promise<Buffer> {
      const path = variantCachePath(cacheDir, source.hash, width, format)
      try {
        return await readFile(path)
      } catch {
        // not on disk yet
      }
      const once = renderOnce(source, width, format, 'request')
      return once ? once.render : readFile(path)
    },
    /** The variant on disk: 'present' when it was there (or another's render made it meanwhile), 'made' when made here. */
    async ensure(source: SourceImage, width: number, format: VariantFormat): Promise<'made' | 'present'> {
      const path = variantCachePath(cacheDir, source.hash, width, format)
      // Asynchronous: thousands of variants already there must not hold the event loop in one go.
      if (await access(path).then(() => true, () => false)) return 'present'
      const once = renderOnce(source, width, format, 'ahead')
      if (!once) return 'present'
      await once.render
      return once.joined ? 'present' : 'made'
    },
  }
}

export type VariantCache = ReturnType<typeof createVariantCache>
