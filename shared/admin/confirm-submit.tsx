import { confirm, type ConfirmWords } from '../confirm/store'

/**
 * The submit button of a form that is confirmed first (never focused first). With JavaScript it asks
 * in the confirmation dialog, in `words` (what will be done to what, what follows; the same words the
 * server's confirmation step shows without JavaScript), and then sends the form with `confirmed=1`
 * (with this button as the submitter, so its own name and value go too); without, the form goes as it
 * is and the server answers with the confirmation step (the form carries `confirmed` empty). The words
 * are on the button too (`data-confirm-title`, `data-confirm-text`), as the server rendered them.
 * `secondary`: a quiet button for a step among many (a table's rows), whatever its tone in the dialog.
 */
export function ConfirmSubmit(props: { words: ConfirmWords; children: string; secondary?: boolean; form?: string; name?: string; value?: string }) {
  const { words, children, secondary, form, name, value } = props
  return (
    <button
      type="submit"
      className={`button button--${secondary ? 'secondary' : words.tone}`}
      form={form}
      name={name}
      value={value}
      data-confirm-title={words.title}
      data-confirm-text={words.text}
      onClick={(event) => {
        const button = event.currentTarget
        const owner = button.form
        const flag = owner?.elements.namedItem('confirmed')
        if (!owner || !(flag instanceof HTMLInputElement) || flag.value === '1') return
        event.preventDefault()
        void confirm(words).then((yes) => {
          if (!yes) return
          flag.value = '1'
          owner.requestSubmit(button)
        })
      }}
    >
      {children}
    </button>
  )
}
