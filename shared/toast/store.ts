/** Toasts: data and timers only, no DOM, so the rules are testable alone. */
export const TOAST_SEVERITIES = ['info', 'success', 'warn', 'error', 'secondary', 'contrast'] as const
export type ToastSeverity = (typeof TOAST_SEVERITIES)[number]

export interface ToastOptions {
  severity?: ToastSeverity
  summary?: string
  detail?: string
  /** Milliseconds before it goes; default 5000, errors stay until closed unless a life is given. */
  life?: number
  /** Shows a close button (default true). */
  closable?: boolean
  group?: string
  /** Adding a toast with the id of a shown one replaces it. */
  id?: string
  styleClass?: string
}

export interface Toast extends Required<Pick<ToastOptions, 'severity' | 'closable' | 'group' | 'id'>> {
  summary: string
  detail: string
  life: number | null
  styleClass: string
  /** True during the 450 ms leave animation. */
  leaving: boolean
}

export const DEFAULT_LIFE_MS = 5000
export const LEAVE_MS = 450

export interface Clock {
  setTimeout(fn: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export interface ToastStore {
  add(options: ToastOptions): string
  /** Starts the leave animation, then removes the toast. */
  remove(id: string): void
  /** Removes every toast of a group (every toast when no group is given). */
  clear(group?: string): void
  /** Hover or focus inside: the life timer stops. */
  pause(id: string): void
  /** Hover or focus left: the life timer starts again, from the full life. */
  resume(id: string): void
  list(): readonly Toast[]
  subscribe(listener: () => void): () => void
}

/** Assertive announcement for warnings and errors, polite for the rest. */
export function isAssertive(severity: ToastSeverity): boolean {
  return severity === 'error' || severity === 'warn'
}

export function createToastStore(clock: Clock = globalThis): ToastStore {
  let toasts: readonly Toast[] = []
  const timers = new Map<string, unknown>()
  const listeners = new Set<() => void>()
  let seq = 0
  const emit = () => listeners.forEach((l) => l())
  const stopTimer = (id: string) => {
    if (timers.has(id)) clock.clearTimeout(timers.get(id))
    timers.delete(id)
  }
  const startTimer = (toast: Toast) => {
    stopTimer(toast.id)
    if (toast.life !== null) timers.set(toast.id, clock.setTimeout(() => store.remove(toast.id), toast.life))
  }
  const drop = (id: string) => {
    stopTimer(id)
    toasts = toasts.filter((t) => t.id !== id)
  }

  const store: ToastStore = {
    add(options) {
      const severity = options.severity ?? 'info'
      const life = options.life !== undefined ? Math.max(0, options.life) : severity === 'error' ? null : DEFAULT_LIFE_MS
      const toast: Toast = {
        id: options.id ?? `toast-${++seq}`,
        severity,
        summary: options.summary ?? '',
        detail: options.detail ?? '',
        life,
        closable: options.closable ?? true,
        group: options.group ?? 'default',
        styleClass: options.styleClass ?? '',
        leaving: false,
      }
      drop(toast.id)
      toasts = [...toasts, toast]
      startTimer(toast)
      emit()
      return toast.id
    },
    remove(id) {
      const toast = toasts.find((t) => t.id === id)
      if (!toast || toast.leaving) return
      stopTimer(id)
      toasts = toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t))
      emit()
      timers.set(id, clock.setTimeout(() => {
        drop(id)
        emit()
      }, LEAVE_MS))
    },
    clear(group) {
      for (const t of toasts) if (group === undefined || t.group === group) store.remove(t.id)
    },
    pause(id) {
      const toast = toasts.find((t) => t.id === id)
      if (toast && !toast.leaving) stopTimer(id)
    },
    resume(id) {
      const toast = toasts.find((t) => t.id === id)
      if (toast && !toast.leaving) startTimer(toast)
    },
    list: () => toasts,
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return store
}
