import type { ChangeEvent, ReactNode } from 'react'
import { useI18n } from '../../i18n/context'
import { asksNameKana, CONTACT_FIELDS, INQUIRY_TYPES, MAX_CHARS, oneYearAfter, type ContactField } from './fields'
import { ErrorSummary } from '../../components/error-summary'
import { Field, type ControlProps } from '../../components/form-field'
import type { ContactForm } from './use-contact-form'

/** Control ids are `contact-<field>`: the error summary links to them. */
export const fieldId = (name: string) => `contact-${name}`

const REQUIRED = new Set<ContactField>(['name', 'email', 'emailConfirm', 'inquiryType', 'message', 'privacyConsent'])

interface FormStepProps {
  form: ContactForm
  action: string
  token: string
  today: string
  privacyHref: string
}

/** Step 1: the fields, posted to the page's own URL (step=review) or checked in the browser. */
export function ContactFormStep({ form, action, token, today, privacyHref }: FormStepProps) {
  const { locale, t } = useI18n()
  const { values, errors } = form
  const text = (name: Exclude<ContactField, 'privacyConsent'>) => ({
    value: values[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => form.change(name, e.target.value),
    onBlur: () => form.blur(name),
  })
  const field = (name: ContactField, control: (p: ControlProps) => ReactNode, hint?: ReactNode) => (
    <Field id={fieldId(name)} name={name} label={t(`units.contact.fields.${name}`)} required={REQUIRED.has(name)} hint={hint} error={errors[name]} inline={name === 'privacyConsent'}>
      {control}
    </Field>
  )
  const hint = (name: string, values?: Record<string, number>) => t(`units.contact.hints.${name}`, values)
  const summary = CONTACT_FIELDS.filter((name) => errors[name]).map((name) => ({ id: fieldId(name), text: t('units.contact.summaryItem', { label: t(`units.contact.fields.${name}`), message: errors[name]! }) }))
  return (
    <form className="contact-form" method="post" action={action} noValidate onSubmit={form.submitForm} data-hydrate="">
      {form.showSummary && summary.length ? <ErrorSummary items={summary} autoFocus ref={form.summaryRef} /> : null}
      {form.notice ? (
        <p className="form-notice" role="alert">
          {form.notice}
        </p>
      ) : null}
      <input type="hidden" name="_token" value={token} />
      {field('name', (p) => <input {...p} type="text" autoComplete="name" {...text('name')} />, hint('name'))}
      {asksNameKana(locale) ? field('nameKana', (p) => <input {...p} type="text" {...text('nameKana')} />, hint('nameKana')) : null}
      {field('company', (p) => <input {...p} type="text" autoComplete="organization" {...text('company')} />, hint('company'))}
      {field('email', (p) => <input {...p} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...text('email')} />, hint('email'))}
      {field('emailConfirm', (p) => <input {...p} type="email" autoComplete="email" inputMode="email" spellCheck={false} {...text('emailConfirm')} />, hint('emailConfirm'))}
      {field('phone', (p) => <input {...p} type="tel" autoComplete="tel" inputMode="tel" className="input--short" {...text('phone')} />, hint('phone'))}
      {field('inquiryType', (p) => (
        <select {...p} {...text('inquiryType')}>
          <option value="">{t('units.contact.selectPlaceholder')}</option>
          {INQUIRY_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`units.contact.types.${type}`)}
            </option>
          ))}
        </select>
      ))}
      {field('preferredDate', (p) => <input {...p} type="date" min={today} max={oneYearAfter(today)} className="input--short" {...text('preferredDate')} />, hint('preferredDate'))}
      {field('message', (p) => <textarea {...p} rows={8} {...text('message')} />, hint('message', { max: MAX_CHARS.message }))}
      {field(
        'privacyConsent',
        (p) => <input {...p} type="checkbox" checked={values.privacyConsent} onChange={(e) => form.change('privacyConsent', e.target.checked)} onBlur={() => form.blur('privacyConsent')} />,
        <>
          {t('units.contact.privacyNote')}{' '}
          <a href={privacyHref} target="_blank" rel="noopener">
            {t('units.contact.privacyLink')}
          </a>
        </>,
      )}
      <div className="form-honeypot" aria-hidden="true">
        <label htmlFor="contact-website">{t('units.contact.honeypot')}</label>
        <input id="contact-website" name="website" type="text" tabIndex={-1} autoComplete="off" value={form.website} onChange={(e) => form.setWebsite(e.target.value)} />
      </div>
      <div className="form-actions">
        <button type="submit" name="step" value="review" className="button button--primary">
          {t('units.contact.toReview')}
        </button>
      </div>
    </form>
  )
}
