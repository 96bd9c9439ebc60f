/**
 * Confirmation prompts: one question at a time, answered true (confirm) or false. A question is either
 * a generic kind (the public site's `site.confirm('delete')`: 「削除してもよろしいですか？」 and OK), or
 * words of its own (the staff area's: what will be done to what, what follows, and the button that does it).
 */
export const CONFIRM_KINDS = ['save', 'delete', 'complete', 'cancel', 'accept', 'consent', 'decline'] as const
export type ConfirmKind = (typeof CONFIRM_KINDS)[number]

/** A confirmation in words of its own, already in the reader's language. */
export interface ConfirmWords {
  /** The question: the action and its object (「yamada@example.jp に返信を送信しますか？」). */
  title: string
  /** What happens then (「状態は「お客様の返答待ち」になります。」). */
  text: string
  /** The confirming button's label (「返信を送信する」). */
  action: string
  /** Danger for what destroys or takes away, primary otherwise. */
  tone: 'danger' | 'primary'
}

export type ConfirmQuestion = ConfirmKind | ConfirmWords

export interface ConfirmRequest {
  question: ConfirmQuestion
  resolve: (answer: boolean) => void
}

let current: ConfirmRequest | null = null
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((l) => l())

const isKnown = (question: ConfirmQuestion) => (typeof question === 'string' ? CONFIRM_KINDS.includes(question) : typeof question?.title === 'string')

/** Asks the visitor; resolves true when confirmed, false when cancelled (button, Escape). */
export function confirm(question: ConfirmQuestion): Promise<boolean> {
  if (!isKnown(question)) return Promise.reject(new TypeError(`unknown confirmation ${String(question)}`))
  current?.resolve(false)
  return new Promise((resolve) => {
    current = {
      question,
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
