import { useSyncExternalStore } from 'react'
import { useI18n } from '../i18n/context'
import { isAssertive, toast as toastStore, type Toast, type ToastStore } from '../toast'

const NONE: readonly Toast[] = []

function ToastItem({ item, store }: { item: Toast; store: ToastStore }) {
  const { t } = useI18n()
  const className = ['toast', `toast--${item.severity}`, item.leaving ? 'toast--leaving' : '', item.styleClass].filter(Boolean).join(' ')
  return (
    <div
      className={className}
      data-toast-id={item.id}
      data-group={item.group}
      onMouseEnter={() => store.pause(item.id)}
      onMouseLeave={() => store.resume(item.id)}
      onFocus={() => store.pause(item.id)}
      onBlur={() => store.resume(item.id)}
    >
      {item.summary ? <p className="toast__summary">{item.summary}</p> : null}
      {item.detail ? <p className="toast__detail">{item.detail}</p> : null}
      {item.closable ? (
        <button type="button" className="toast__close" aria-label={t('units.toast.close')} onClick={() => store.remove(item.id)}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  )
}

/**
 * The bottom-right toast area on every page. The server renders it empty; in the browser it
 * shows the toast store. Warnings and errors go in the assertive live region, the rest in
 * the polite one, so screen readers announce them as they appear.
 */
export function ToastRegion({ store = toastStore }: { store?: ToastStore }) {
  const { t } = useI18n()
  const toasts = useSyncExternalStore(store.subscribe, store.list, () => NONE)
  return (
    <section className="toast-region" aria-label={t('units.a11y.notifications')} data-toast-region="">
      <div className="toast-region__polite" role="status" aria-live="polite">
        {toasts.filter((x) => !isAssertive(x.severity)).map((x) => (
          <ToastItem key={x.id} item={x} store={store} />
        ))}
      </div>
      <div className="toast-region__assertive" role="alert" aria-live="assertive">
        {toasts.filter((x) => isAssertive(x.severity)).map((x) => (
          <ToastItem key={x.id} item={x} store={store} />
        ))}
      </div>
    </section>
  )
}
