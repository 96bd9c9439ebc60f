import type { MouseEvent, Ref } from 'react'
import { useI18n } from '../i18n/context'

export interface SummaryItem {
  /** Id of the control the link leads to. */
  id: string
  /** The link text: the field's label and its message. */
  text: string
}

/**
 * The box at the top of a form listing every error with a link to its field. It takes the
 * focus: `autoFocus` when the server rendered it, `.focus()` through `ref` in the browser.
 */
export function ErrorSummary({ items, autoFocus, ref }: { items: SummaryItem[]; autoFocus?: boolean; ref?: Ref<HTMLDivElement> }) {
  const { t } = useI18n()
  // With JavaScript the link also moves the focus into the field, not only the scroll position.
  const focusField = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const field = event.currentTarget.ownerDocument.getElementById(id)
    if (!field) return
    event.preventDefault()
    field.focus()
    field.scrollIntoView({ block: 'center' })
  }
  return (
    <div className="error-summary" tabIndex={-1} ref={ref} autoFocus={autoFocus} data-error-summary="">
      <div role="alert">
        <h2 className="error-summary__title">{t('units.form.errorSummary', { count: items.length })}</h2>
        <ul className="error-summary__list">
          {items.map((item) => (
            <li key={item.id}>
              <a href={`#${item.id}`} onClick={(e) => focusField(e, item.id)}>
                {item.text}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  )
}
