/** Confirmation prompts: one question at a time, answered true (confirm) or false. */
export const CONFIRM_KINDS = ['save', 'delete', 'complete', 'cancel', 'accept', 'consent', 'decline'] as const
export type ConfirmKind = (typeof CONFIRM_KINDS)[number]

export interface ConfirmRequest {
  kind: ConfirmKind
  resolve: (answer: boolean) => void
}

let current: ConfirmRequest | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

/** Asks the visitor; resolves true when confirmed, false when cancelled (button, Escape). */
export function confirm(kind: ConfirmKind): Promise<boolean> {
  if (!CONFIRM_KINDS.includes(kind)) return Promise.reject(new TypeError(`unknown confirmation ${String(kind)}`))
  current?.resolve(false)
  return new Promise((resolve) => {
    current = {
      kind,
      resolve: (answer) => {
        current = null
        emit()
        resolve(answer)
      },
    }
    emit()
  })
}

export const confirmStore = {
  current: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}
