import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import type { ContentSource } from '../../shared/content'
import type { Config } from '../config'
import { resolveFormSecret } from '../form-secret'
import type { SourceImage } from '../content/images'
import { loadContent, type Loaded } from '../content/load'
import { createPreviewLinks, type PreviewLinks } from '../editor/preview-links'
import type { PageRenderer } from '../render/render-page'
import { collect } from '../render/send-page'
import { publicOrigin } from '../request-locale'
import { createSigner } from '../staff/http/signed'
import { snapshotOf } from './content'

declare module 'fastify' {
  interface FastifyInstance {
    /** The content editor's preview: the public page drawn from content not served yet. */
    contentPreview: ContentPreview
  }
}

export interface ContentPreview {
  /** The content folder (CONTENT_DIR). */
  dir: string
  /** Signed preview links (server/editor/http/preview-links.ts). */
  links: PreviewLinks
  /** The staff area's clock (tests move it): link expiry, and the instant the preview shows. */
  now(): number
  /** The saved content folder with drafts and scheduled items shown (marked), loaded once per served version. */
  saved(req: FastifyRequest): Promise<Loaded>
  /** The public page at `pathname` as the site's renderer draws it from `loaded` (its images then served by /media/ for a while). */
  draw(req: FastifyRequest, loaded: Loaded, pathname: string): Promise<DrawnPreview>
  /** The images of a page drawn before, served by /media/ for a while again (a signed link's page answered from its cache). */
  show(images: readonly SourceImage[]): void
  /** An image a preview showed less than IMAGE_GRACE_MS ago (a draft's cover is no image of the served content). */
  image(hash: string): SourceImage | undefined
}

/** A drawn preview: the page, the images it shows, and the next instant the content it was drawn from shows otherwise (null: none scheduled). */
export interface DrawnPreview {
  statusCode: number
  html: string
  images: SourceImage[]
  nextChangeAt: number | null
}

/** How long /media/ serves the images of a drawn preview (a shared link's reader scrolls slowly). */
export const IMAGE_GRACE_MS = 3_600_000
/** At most this many preview images are remembered (the oldest forgotten first). */
const MAX_IMAGES = 5_000

/**
 * The page without what only its script would use: no script runs in a preview (its CSP and the frame's
 * sandbox), so its script and module tags, their preloads and the messages' preload are left out rather
 * than refused one by one in the console. The page's data (JSON, JSON-LD) stays. The markup is the
 * renderer's own (server/render/document.ts); content never writes a tag (its text is escaped).
 */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link rel="(?:modulepreload|preload)"[^>]*>/g, '')
}

interface PreviewPluginOptions {
  config: Config
  makeRenderer: (content: ContentSource) => PageRenderer
  now?: (() => number) | undefined
}

/**
 * The preview's parts, shared by the editor's preview (POST …/preview), the signed links (GET
 * /admin/preview/:token) and the revisions page: one renderer per drawn content (the public one, with
 * the same build and messages), no page cache.
 */
export default fp<PreviewPluginOptions>(
  async (app, { config, makeRenderer, now = Date.now }) => {
    const renderers = new WeakMap<ContentSource, PageRenderer>()
    const images = new Map<string, { source: SourceImage; until: number }>()
    let saved: { version: string; loaded: Promise<Loaded> } | null = null
    const links = createPreviewLinks(createSigner(resolveFormSecret(config.contact.formSecret, config.dataDir)).subkey('content-preview'))

    /** Serves these images until IMAGE_GRACE_MS after `at`, the most recently shown kept last (forgotten last). */
    function keepImages(shown: readonly SourceImage[], at: number) {
      for (const source of shown) {
        images.delete(source.hash)
        images.set(source.hash, { source, until: at + IMAGE_GRACE_MS })
      }
      for (const hash of images.keys()) {
        if (images.size <= MAX_IMAGES) break
        images.delete(hash)
      }
    }

    const preview: ContentPreview = {
      dir: config.contentDir,
      links,
      now,
      saved(req) {
        const version = snapshotOf(req).content.version
        if (saved?.version !== version) {
          const loading = loadContent(config.contentDir, { drafts: true })
          saved = { version, loaded: loading }
          // A failed load is not kept: the next request tries again.
          loading.catch(() => saved?.loaded === loading && (saved = null))
        }
        return saved.loaded
      },
      async draw(req, loaded, pathname) {
        const at = now()
        const { content, shownImages, nextChangeAt } = loaded.at(at)
        let renderer = renderers.get(content)
        if (!renderer) renderers.set(content, (renderer = makeRenderer(content)))
        // The images the drawn view shows, not every image the tree registered: a shared link must not open other drafts' images.
        const shown = [...loaded.images.byHash.values()].filter((source) => shownImages.has(source.hash))
        keepImages(shown, at)
        const page = await renderer
          .prepare({ pathname, search: new URLSearchParams(), origin: publicOrigin(req, config), bot: true, onError: (err) => req.log.error({ err }, 'preview render failed') })
          .render()
        return { statusCode: page.statusCode, html: withoutScripts((await collect(page.body)).toString('utf8')), images: shown, nextChangeAt }
      },
      show(shown) {
        keepImages(shown, now())
      },
      image(hash) {
        const kept = images.get(hash)
        if (!kept) return undefined
        if (kept.until > now()) return kept.source
        images.delete(hash)
        return undefined
      },
    }
    app.decorate('contentPreview', preview)
  },
  { name: 'content-preview', dependencies: ['content'] },
)
