import { useI18n } from '../i18n/context'
import { PageHeader } from '../components/page-header'
import { useRouteMeta } from './use-route-meta'

/** About, service, greeting, privacy policy, terms: a heading and the page's text. */
export function StaticPage() {
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
