import type { ReactNode } from 'react'
import { confirm, type ConfirmKind } from '../confirm/store'

/**
 * The submit button of a destructive form (danger-styled, never focused first). With JavaScript it
 * asks in the confirmation dialog and then sends the form with `confirmed=1`; without, the form goes
 * as it is and the server answers with a confirmation step (the form carries `confirmed` empty).
 * `tone: 'primary'` for a step that is not destructive (sending a reply).
 */
export function ConfirmSubmit({ kind, tone = 'danger', children }: { kind: ConfirmKind; tone?: 'danger' | 'primary'; children: ReactNode }) {
  return (
    <button
      type="submit"
      className={`button button--${tone}`}
      onClick={(event) => {
        const form = event.currentTarget.form
        const flag = form?.elements.namedItem('confirmed')
        if (!form || !(flag instanceof HTMLInputElement) || flag.value === '1') return
        event.preventDefault()
        void confirm(kind).then((yes) => {
          if (!yes) return
          flag.value = '1'
          form.requestSubmit()
        })
      }}
    >
      {children}
    </button>
  )
}
