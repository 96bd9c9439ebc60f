import { relative, sep } from 'node:path'
import { watch, type FSWatcher } from 'chokidar'

/** How often the polling watcher looks at each file (CHOKIDAR_INTERVAL overrides it). */
export const POLL_INTERVAL_MS = 500

export interface FolderWatch {
  /** True once the folder is polled rather than watched through inotify (CHOKIDAR_USEPOLLING, or after a watch error). */
  readonly polling: boolean
  /** The chokidar watcher in use (replaced when the watch falls back to polling). */
  readonly watcher: FSWatcher
  close(): Promise<void>
}

export interface WatchFolderOptions {
  /** Called for every file or folder added, changed or removed below the folder. */
  onChange: (path: string) => void
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void }
}

/**
 * Files and folders whose name starts with a dot (.git, an editor's swap file): the content loader
 * skips them, so a change there is none (a `git fetch` or an open editor does not reload).
 */
export function isHidden(root: string, path: string): boolean {
  return relative(root, path).split(sep).some((part) => part.startsWith('.'))
}

/**
 * Watches every file below `dir` with chokidar: one watch per folder and per file, set again on the
 * file that replaced one, so a save survives every way of writing it: in place, `sed -i` and editors
 * writing a new file and renaming it over the old one, `git pull`/`git checkout` deleting and
 * creating, new files and folders. (Node 20's `fs.watch(dir, { recursive: true })` stops reporting a
 * file once it has been renamed over.) Resolves once the folder is being watched.
 *
 * CHOKIDAR_USEPOLLING=true polls instead (for file systems that send no change events, such as some
 * network and virtual-machine mounts); a watch that fails (ENOSPC: the host's inotify watches are
 * used up) is logged and replaced by polling, and `onChange` is called once for what it may have missed.
 */
export async function watchFolder(dir: string, { onChange, log }: WatchFolderOptions): Promise<FolderWatch> {
  let closed = false
  let switching: Promise<void> | null = null
  let watcher: FSWatcher

  /** A watcher, once its first scan is done; an error during the scan is handled after it (as one after). */
  const start = async (usePolling: boolean | undefined): Promise<FSWatcher> => {
    const w = watch(dir, {
      ignoreInitial: true,
      ignored: (path) => isHidden(dir, path),
      ...(usePolling === undefined ? {} : { usePolling }),
      interval: POLL_INTERVAL_MS,
      binaryInterval: POLL_INTERVAL_MS,
    })
    w.on('all', (_event, path) => onChange(path))
    let early: unknown = null
    const duringScan = (err: unknown) => void (early ??= err)
    w.on('error', duringScan)
    await new Promise<void>((resolve) => w.once('ready', resolve))
    w.off('error', duringScan)
    w.on('error', (err: unknown) => fallBack(w, err))
    if (early) setImmediate(() => fallBack(w, early)) // once `watcher` is this one
    return w
  }

  const fallBack = (failed: FSWatcher, err: unknown) => {
    if (closed || switching || failed !== watcher) return
    if (failed.options.usePolling) {
      log.error({ err, dir }, 'content watch error: changes may be missed; reload with `npm run content:reload`')
      return
    }
    log.warn({ err, dir }, 'content watch failed: polling the content folder instead')
    switching = (async () => {
      await failed.close()
      const next = await start(true)
      if (closed) return void (await next.close())
      watcher = next
      onChange(dir)
    })().finally(() => (switching = null))
  }

  watcher = await start(undefined)
  return {
    get polling() {
      return watcher.options.usePolling
    },
    get watcher() {
      return watcher
    },
    async close() {
      closed = true
      await switching
      await watcher.close()
    },
  }
}
