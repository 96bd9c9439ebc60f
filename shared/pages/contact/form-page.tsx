import { useI18n } from '../../i18n/context'
import { PageHeader } from '../../components/page-header'
import { Steps } from '../../components/steps'
import { ContactFormStep } from './contact-form'
import { ContactReviewStep } from './contact-review'
import { useContactForm } from './use-contact-form'
import type { ContactPageData } from './page-data'
import { usePageState } from '../../page-context'

/** /contact: 1 input -> 2 review -> 3 complete, with and without JavaScript. */
export default function ContactPage({ data }: { data: ContactPageData }) {
  const { t } = useI18n()
  const { basename } = usePageState()
  const form = useContactForm(data)
  const action = `${basename}/contact`
  return (
    <>
      <PageHeader title={t('titles.pages.contact.title')} lead={t('titles.pages.contact.description')} />
      <div className="container section contact">
        <Steps current={form.step === 'review' ? 'review' : 'input'} />
        {form.step === 'review' ? (
          <ContactReviewStep form={form} action={action} token={data.token} />
        ) : (
          <ContactFormStep form={form} action={action} token={data.token} today={data.today} privacyHref={`${basename}/privacy-policy`} />
        )}
      </div>
    </>
  )
}
