import fp from 'fastify-plugin'
import type { FastifyRequest } from 'fastify'
import type { Config } from '../config'
import { loadContent, type Loaded } from '../content/load'
import { createContentHolder, type ContentHolder, type ContentSnapshot, type ReloadResult } from '../content/snapshot'
import { watchFolder, type FolderWatch } from '../content/watch-folder'
import { createContentSync, type ContentSync } from '../content/sync'

declare module 'fastify' {
  interface FastifyInstance {
    /** The content being served (server/content/snapshot.ts). */
    contentHolder: ContentHolder
    /** Loads the content folder again, swapping it in if valid (SIGHUP, CONTENT_WATCH). */
    reloadContent(reason: string): Promise<ReloadResult>
    /** The content folder's marker, looked at every CONTENT_SYNC_MS (server/editor/content-sync.ts). */
    contentSync: ContentSync
    /** Adds a listener told every content view swapped in and its instant (at once with the current one). */
    onContentView(listener: (loaded: Loaded, at: number) => void): void
  }
  interface FastifyRequest {
    /** The content snapshot this request reads from, pinned at its first use (snapshotOf). */
    contentSnapshot: ContentSnapshot | null
  }
}

/** The request's content snapshot: the current one when first asked, the same one to the end of the request. */
export function snapshotOf(req: FastifyRequest): ContentSnapshot {
  return (req.contentSnapshot ??= req.server.contentHolder.current)
}

/** Changes within this long of each other are one reload (an editor saving several files, a git pull). */
export const WATCH_DEBOUNCE_MS = 300

interface ContentPluginOptions {
  config: Config
  /** Already-loaded content (tests); else the content folder, loaded and validated before anything listens. */
  loaded?: Loaded | undefined
  /** The content's clock (ms): scheduled publication, hidden images' grace. Tests move it; default Date.now. */
  now?: (() => number) | undefined
}

/**
 * The content snapshot: loaded at start (a broken content folder stops the start), reloaded on
 * `app.reloadContent()` (main.ts calls it on SIGHUP; the editor after a save), when the content
 * folder's marker changed (another replica saved: every CONTENT_SYNC_MS) and, with CONTENT_WATCH=true,
 * when a file of the content folder changes.
 */
export default fp<ContentPluginOptions>(
  async (app, { config, loaded, now }) => {
    const drafts = config.nodeEnv === 'development'
    const log = app.log.child({ component: 'content' })
    let first = loaded
    let started = false
    // Every load with the marker steady around it (no half save), and the marker watched for other replicas' saves.
    const sync = createContentSync({ dir: config.contentDir, intervalMs: config.contentSyncMs, reload: (reason) => holder.reload(reason), log })
    const listeners: ((loaded: Loaded, at: number) => void)[] = []
    let lastView: [Loaded, number] | undefined
    const holder = await createContentHolder({
      load: async () => {
        const atStart = !started
        started = true
        if (first) {
          const given = first
          first = undefined
          sync.given()
          return given
        }
        return sync.load(() => loadContent(config.contentDir, { drafts }), atStart)
      },
      log,
      ...(now ? { now } : {}),
      onReload: app.metrics?.contentReloaded,
      onView: (view, at) => {
        lastView = [view, at]
        for (const listener of listeners) listener(view, at)
      },
    })
    app.decorate('contentSync', sync)
    app.decorate('onContentView', (listener: (loaded: Loaded, at: number) => void) => {
      listeners.push(listener)
      if (lastView) listener(...lastView)
    })
    app.addHook('onReady', async () => sync.start())
    for (const warning of holder.current.warnings) log.warn(`content warning: ${warning}`)
    app.decorate('contentHolder', holder)
    app.decorate('reloadContent', (reason: string) => holder.reload(reason))
    app.decorateRequest('contentSnapshot', null)

    // CONTENT_WATCH: a reload a moment after the last change (content/watch-folder.ts: every way of saving).
    let watching: FolderWatch | null = null
    let pending: NodeJS.Timeout | undefined
    if (config.contentWatch) {
      watching = await watchFolder(config.contentDir, {
        onChange: () => {
          clearTimeout(pending)
          pending = setTimeout(() => void holder.reload('file change'), WATCH_DEBOUNCE_MS).unref()
        },
        log,
      })
      log.info({ dir: config.contentDir, polling: watching.polling }, 'watching the content folder for changes')
    }
    app.addHook('onClose', async () => {
      await sync.stop()
      clearTimeout(pending)
      await watching?.close()
      holder.close()
    })
  },
  { name: 'content', dependencies: ['metrics'] },
)
