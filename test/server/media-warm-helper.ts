// The warm of image variants (server/plugins/media-warm.ts) through the real app: a copy of the fixture content
// with its images made small (so a warm takes milliseconds, not seconds), a DATA_DIR of its own, MEDIA_WARM on,
// the log lines kept, and a gate the warm waits at before each variant (AppDeps.media.beforeVariant), so that a
// test sees the warm under way for as long as it likes, with no timer.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { AppDeps } from '../../server/app'
import type { Config } from '../../server/config'
import type { SourceImage } from '../../server/content/images'
import { IMAGE_FORMATS, imageWidths, type ImageFormat } from '../../shared/images'
import { build, FIXTURE_CONTENT, logCollector, testConfig } from '../helper'

type Teardown = { teardown: (fn: () => unknown) => void }

/** A temporary folder, removed when the test ends. */
export function tempDir(t: Teardown, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** The fixture content with its SVG images 820 px wide at most (two variant widths) instead of 1600. */
export function smallContent(t: Teardown): string {
  const dir = tempDir(t, 'media-warm-content-')
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  for (const name of readdirSync(join(dir, 'images')).filter((n) => n.endsWith('.svg'))) {
    const file = join(dir, 'images', name)
    const svg = readFileSync(file, 'utf8').replace(/width="(\d+)" height="(\d+)"/, (_, w, h) => {
      const scale = Math.min(1, 820 / Number(w))
      return `width="${Math.round(Number(w) * scale)}" height="${Math.round(Number(h) * scale)}"`
    })
    writeFileSync(file, svg)
  }
  return dir
}

/** Holds whoever waits at it until let through: `allow(n)` lets n more pass, `open()` all until `close()`. */
export function gate() {
  let allowed = 0
  let opened = false
  let arrivals = 0
  const waiting: (() => void)[] = []
  const watchers: { n: number; resolve: () => void }[] = []
  const release = () => {
    while (waiting.length && (opened || allowed > 0)) {
      if (!opened) allowed--
      waiting.shift()!()
    }
  }
  return {
    /** The seam: resolves when let through. */
    pass(): Promise<void> {
      arrivals++
      for (const w of watchers.filter((w) => arrivals >= w.n)) w.resolve()
      return new Promise<void>((resolve) => {
        waiting.push(resolve)
        release()
      })
    },
    allow(n: number): void {
      allowed += n
      release()
    },
    open(): void {
      opened = true
      release()
    },
    close(): void {
      opened = false
    },
    /** How many times it was reached so far. */
    get arrivals(): number {
      return arrivals
    },
    /** Resolves once the gate was reached `n` times in all. */
    reached(n: number): Promise<void> {
      return arrivals >= n ? Promise.resolve() : new Promise((resolve) => watchers.push({ n, resolve }))
    },
  }
}

/** The app on `contentDir` with MEDIA_WARM on (unless overridden), its own DATA_DIR, its log lines kept. */
export async function warmApp(t: Teardown, { contentDir, dataDir = tempDir(t, 'media-warm-data-'), config = {}, deps = {} }: { contentDir: string; dataDir?: string; config?: Partial<Config>; deps?: AppDeps }) {
  const { lines, stream } = logCollector()
  const base = testConfig()
  const app = await build(t, { contentDir, dataDir, logLevel: 'info', ...config, media: { ...base.media, warm: true, ...config.media } }, { logStream: stream, ...deps })
  return { app, dataDir, cacheDir: join(dataDir, 'media'), lines }
}

export interface Variant {
  source: SourceImage
  width: number
  format: ImageFormat
  /** Its URL under /media/ (any name: the route looks at the hash, the width and the format). */
  url: string
  /** Its file in the cache. */
  file: string
}

/** Every variant the site serves now: each width × format of each image the current content shows. */
export function servedVariants(app: FastifyInstance, cacheDir: string): Variant[] {
  const { images, shownImages } = app.contentHolder.current
  return [...shownImages].flatMap((hash) => {
    const source = images.byHash.get(hash)!
    return variantsOf(source, cacheDir)
  })
}

/** Every variant of one image. */
export function variantsOf(source: SourceImage, cacheDir: string): Variant[] {
  return imageWidths(source.width).flatMap((width) =>
    IMAGE_FORMATS.map((format) => ({ source, width, format, url: `/media/${source.hash}/image-${width}.${format}`, file: join(cacheDir, `${source.hash}-${width}.${format}`) })),
  )
}

/** The files of the cache (variants only: no temporary file left). */
export function cacheFiles(cacheDir: string): string[] {
  return existsSync(cacheDir) ? readdirSync(cacheDir).sort() : []
}
