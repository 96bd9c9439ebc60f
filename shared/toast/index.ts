import { createToastStore } from './store'

export * from './store'

/**
 * The app's one toast API: `toast.add({ severity, summary, detail, life, closable, group, id })`,
 * `toast.remove(id)`, `toast.clear(group)`. Rendered by the layout's ToastRegion (bottom right).
 */
export const toast = createToastStore()
