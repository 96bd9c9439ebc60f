import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useI18n } from '../i18n/context'
import { confirmStore, type ConfirmQuestion, type ConfirmWords } from '../confirm/store'
import type { Translate } from '../i18n/messages'

/** A generic kind in the page's words (its question and OK), or the question's own words as they are. */
function wordsOf(question: ConfirmQuestion, t: Translate): ConfirmWords {
  if (typeof question !== 'string') return question
  return { title: t(`units.confirm.${question}`), text: '', action: t('units.confirmDialog.ok'), tone: question === 'delete' ? 'danger' : 'primary' }
}

/**
 * The confirmation dialog: a native <dialog> opened with showModal() (the browser traps focus and
 * makes the page inert), Escape cancels, the first focus goes to the least destructive action
 * (Cancel), and focus returns to whatever opened it. It shows the question, what follows (a staff
 * confirmation's own words) and the confirming button by its action's name. Only exists with JavaScript.
 */
export function ConfirmDialog() {
  const { t } = useI18n()
  const request = useSyncExternalStore(confirmStore.subscribe, confirmStore.current, () => null)
  const dialog = useRef<HTMLDialogElement>(null)
  const cancelButton = useRef<HTMLButtonElement>(null)
  const opener = useRef<Element | null>(null)

  useEffect(() => {
    const el = dialog.current
    if (!el) return
    if (request && !el.open) {
      opener.current = document.activeElement
      el.showModal()
      cancelButton.current?.focus()
    } else if (!request && el.open) {
      el.close()
    }
  }, [request])

  const answer = (value: boolean) => request?.resolve(value)
  const words = request ? wordsOf(request.question, t) : null
  return (
    <dialog
      ref={dialog}
      className="confirm-dialog"
      aria-labelledby="confirm-title"
      aria-describedby={words?.text ? 'confirm-text' : undefined}
      onCancel={(event) => {
        event.preventDefault()
        answer(false)
      }}
      onKeyDown={(event) => {
        // Keep Tab inside the dialog (browsers may otherwise move focus to their own toolbar).
        if (event.key !== 'Tab' || !dialog.current) return
        const buttons = [...dialog.current.querySelectorAll<HTMLButtonElement>('button')]
        const first = buttons[0]
        const last = buttons[buttons.length - 1]
        if (!event.shiftKey && document.activeElement === last) {
          event.preventDefault()
          first?.focus()
        } else if (event.shiftKey && document.activeElement === first) {
          event.preventDefault()
          last?.focus()
        }
      }}
      onClose={() => {
        if (opener.current instanceof HTMLElement) opener.current.focus()
        opener.current = null
      }}
    >
      {words ? (
        <>
          <h2 id="confirm-title" className="confirm-dialog__title">
            {words.title}
          </h2>
          {words.text ? (
            <p id="confirm-text" className="confirm-dialog__text">
              {words.text}
            </p>
          ) : null}
          <div className="confirm-dialog__actions">
            <button ref={cancelButton} type="button" className="button button--secondary" onClick={() => answer(false)}>
              {t('units.confirmDialog.cancel')}
            </button>
            <button type="button" className={`button button--${words.tone}`} onClick={() => answer(true)}>
              {words.action}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  )
}
