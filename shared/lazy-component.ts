import type { ComponentType } from 'react'

/**
 * A component that lives in its own code chunk (esbuild splits at the dynamic import). Pages only
 * ever render it loaded: the server loads every one at start, the browser loads the page's before
 * hydrating it, so rendering never suspends and hydration always matches.
 */
export interface LazyComponent<P> {
  readonly lazy: true
  /** The module's source path: its key in dist/manifest.json's `chunks` (the files a page preloads). */
  readonly module: string
  /** The component once loaded. */
  readonly loaded: ComponentType<P> | undefined
  /** Loads the chunk once; a failure is not remembered, so a later call tries again. */
  load(): Promise<ComponentType<P>>
}

export function lazyComponent<P>(module: string, importer: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: ComponentType<P> | undefined
  let pending: Promise<ComponentType<P>> | null = null
  return {
    lazy: true,
    module,
    get loaded() {
      return loaded
    },
    load() {
      if (loaded) return Promise.resolve(loaded)
      pending ??= importer().then(
        (m) => (loaded = m.default),
        (err: unknown) => {
          pending = null
          throw err
        },
      )
      return pending
    },
  }
}

export function isLazy<P>(component: ComponentType<P> | LazyComponent<P>): component is LazyComponent<P> {
  return typeof component === 'object' && component !== null && (component as Partial<LazyComponent<P>>).lazy === true
}
