import { useI18n } from '../i18n/context'
import { PageHeader } from '../components/page-header'
import { useRouteMeta } from './use-route-meta'

export function ContactPage() {
  const { t } = useI18n()
  const meta = useRouteMeta()
  return (
    <>
      <PageHeader title={meta.title ?? ''} lead={meta.description} />
      <div className="container section prose">
        <p>{t('units.placeholder.comingSoon')}</p>
      </div>
    </>
  )
}

/** Generic thank-you: answers 200 even without a submission; noindex, not in the sitemaps. */
export function ContactSuccessPage() {
  const { t } = useI18n()
  const meta = useRouteMeta()
  return (
    <>
      <PageHeader title={meta.title ?? ''} />
      <div className="container section prose">
        <p>{t('units.success.lead')}</p>
      </div>
    </>
  )
}
