import { useI18n } from '../../i18n/context'
import { PageHeader } from '../../components/page-header'
import { AppLink } from '../../components/app-link'
import { Steps } from '../../components/steps'
import type { ContactPageData, ContactSuccessData } from './page-data'
import { usePageState } from '../../page-context'
import type { PageProps } from '../../routes/types'
import { lazyComponent } from '../../lazy-component'
import { PATHS } from '../../paths'

/**
 * The form (its steps, the browser validation catalogue, the API client) is its own chunk: only the
 * contact page loads it. The server and the client preload it before rendering the page.
 */
export const ContactPage = lazyComponent<PageProps<ContactPageData>>('shared/pages/contact/form-page.tsx', () => import('./form-page'))

/** /contact/success: the reference number when the URL carries one, else a generic thank-you (200, noindex). */
export function ContactSuccessPage({ data, meta }: PageProps<ContactSuccessData>) {
  const { t } = useI18n()
  const { site } = usePageState()
  return (
    <>
      <PageHeader title={meta.title ?? ''} />
      <div className="container section contact-success">
        <Steps current="complete" />
        <svg className="contact-success__icon" width="56" height="56" viewBox="0 0 56 56" aria-hidden="true" focusable="false">
          <circle cx="28" cy="28" r="26" fill="none" stroke="currentColor" strokeWidth="3" />
          <path d="M16 29l8 8 16-17" fill="none" stroke="currentColor" strokeWidth="3" />
        </svg>
        <p className="contact-success__lead">{t('units.success.lead')}</p>
        {data.reference ? (
          <div className="reference-box">
            <p className="reference-box__label">{t('units.success.reference')}</p>
            <p className="reference-box__value" data-reference="">
              {data.reference}
            </p>
            <p className="reference-box__note">{t('units.success.referenceNote')}</p>
          </div>
        ) : null}
        <p>{t('units.success.replyPromise')}</p>
        <p>
          {t('units.success.phoneFallback')}
          <br />
          <a href={`tel:${site.phoneInternational}`}>{t('units.success.tel', { tel: site.phone, hours: site.hours })}</a>
        </p>
        <p>
          <AppLink to={PATHS.home} className="button button--primary">
            {t('units.success.home')}
          </AppLink>
        </p>
      </div>
    </>
  )
}
