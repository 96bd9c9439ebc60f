import { useI18n } from '../i18n/context'

/**
 * The bottom-right toast area present on every page. The client runtime fills it;
 * the live regions exist from the first paint so screen readers announce additions.
 */
export function ToastRegion() {
  const { t } = useI18n()
  return (
    <section className="toast-region" aria-label={t('units.a11y.notifications')} data-toast-region="">
      <div className="toast-region__polite" role="status" aria-live="polite" />
      <div className="toast-region__assertive" role="alert" aria-live="assertive" />
    </section>
  )
}
