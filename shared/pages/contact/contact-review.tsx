import { useI18n } from '../../i18n/context'
import type { Locale } from '../../i18n/locales'
import { asksNameKana, CONTACT_FIELDS, type ContactField } from './fields'
import type { ContactForm } from './use-contact-form'

/** Rows of the review list: the confirmation address is not repeated; kana only where asked. */
function shownFields(locale: Locale, nameKana: string): ContactField[] {
  return CONTACT_FIELDS.filter((name) => name !== 'emailConfirm' && (name !== 'nameKana' || asksNameKana(locale) || nameKana !== ''))
}

interface ReviewStepProps {
  form: ContactForm
  action: string
  token: string
}

/**
 * Step 2: the values read-only (React escapes them), carried again in hidden fields so the
 * no-JavaScript form can go back to editing (step=edit) or send (step=send).
 */
export function ContactReviewStep({ form, action, token }: ReviewStepProps) {
  const { locale, t } = useI18n()
  const { values } = form
  const shown = (name: ContactField): string => {
    if (name === 'privacyConsent') return values.privacyConsent ? t('units.contact.review.agreed') : t('units.contact.review.empty')
    const value = values[name]
    if (!value) return t('units.contact.review.empty')
    return name === 'inquiryType' ? t(`units.contact.types.${value}`, undefined, value) : value
  }
  const onEdit = (e: { preventDefault(): void }) => {
    e.preventDefault()
    form.edit()
  }
  const onSend = (e: { preventDefault(): void }) => {
    e.preventDefault()
    void form.send()
  }
  return (
    <section className="contact-review" aria-labelledby="contact-review-title">
      <h2 id="contact-review-title" tabIndex={-1} ref={form.reviewRef}>
        {t('units.contact.review.title')}
      </h2>
      <p>{t('units.contact.review.lead')}</p>
      {form.notice ? (
        <p className="form-notice" role="alert">
          {form.notice}
        </p>
      ) : null}
      <dl className="review-list">
        {shownFields(locale, values.nameKana).map((name) => (
          <div key={name} className={`review-list__row review-list__row--${name}`}>
            <dt>{t(`units.contact.fields.${name}`)}</dt>
            <dd>{shown(name)}</dd>
          </div>
        ))}
      </dl>
      <form method="post" action={action} className="form-actions form-actions--review">
        <input type="hidden" name="_token" value={token} />
        {CONTACT_FIELDS.map((name) =>
          name === 'privacyConsent' ? (values.privacyConsent ? <input key={name} type="hidden" name={name} value="on" /> : null) : <input key={name} type="hidden" name={name} value={values[name]} />,
        )}
        <input type="hidden" name="website" value={form.website} />
        <button type="submit" name="step" value="edit" className="button button--secondary" onClick={onEdit}>
          {t('units.contact.review.edit')}
        </button>
        <button type="submit" name="step" value="send" className="button button--accent" onClick={onSend} aria-disabled={form.sending || undefined}>
          {form.sending ? t('units.contact.review.sending') : t('units.contact.review.send')}
        </button>
      </form>
    </section>
  )
}
