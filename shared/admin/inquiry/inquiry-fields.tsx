import type { ReactNode } from 'react'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { inertField, inertLines } from '../inert-text'
import { staffHref } from '../paths'
import { ShownTimeText } from '../shown-time'
import { Whole } from '../whole'
import type { InquiryData, MailRow } from './page-data'

/** A field's value (`whole`: a name, an address, a number, never broken inside), or the form's "(not given)" when it was left blank. */
function Value({ text, whole = false }: { text: string; whole?: boolean }) {
  const { t } = useI18n()
  if (!text) return <span className="staff-muted">{t('units.contact.review.empty')}</span>
  return whole ? <Whole>{inertField(text)}</Whole> : <>{inertField(text)}</>
}

function Row({ label, children, name }: { label: string; children: ReactNode; name: string }) {
  return (
    <div className="inquiry-fields__row" data-inquiry-field={name}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/**
 * Every field exactly as sent, each escaped by React and its invisible characters shown; the message
 * keeps its line breaks, wraps long words and scrolls in a box of its own (keyboard-focusable).
 * An erased inquiry shows only what erasure keeps (reference, time, language, type).
 */
export function InquiryFields({ data }: { data: InquiryData }) {
  const { t } = useI18n()
  const f = data.fields
  const field = (name: string) => t(`units.contact.fields.${name}`)
  return (
    <section className="staff-section" aria-labelledby="inquiry-fields-heading">
      <h2 id="inquiry-fields-heading">{t('staff.inquiry.fields.heading')}</h2>
      <dl className="inquiry-fields">
        <Row name="reference" label={t('staff.inquiry.fields.reference')}>
          <span className="inquiry-reference">
            <Whole>{inertField(f.reference)}</Whole>
          </span>
        </Row>
        <Row name="received" label={t('staff.inquiry.fields.received')}>
          <ShownTimeText time={f.received} />
        </Row>
        <Row name="locale" label={t('staff.inquiry.fields.locale')}>
          {t(`staff.inquiry.languages.${f.locale}`, undefined, f.locale)}
        </Row>
        <Row name="inquiryType" label={field('inquiryType')}>
          {t(`units.contact.types.${f.inquiryType}`, undefined, inertField(f.inquiryType))}
        </Row>
        {data.erased ? null : (
          <>
            <Row name="name" label={field('name')}>
              <Value text={f.name} whole />
            </Row>
            <Row name="nameKana" label={field('nameKana')}>
              <Value text={f.nameKana} whole />
            </Row>
            <Row name="company" label={field('company')}>
              <Value text={f.company} />
            </Row>
            <Row name="email" label={field('email')}>
              <Value text={f.email} whole />
            </Row>
            <Row name="phone" label={field('phone')}>
              <Value text={f.phone} whole />
            </Row>
            <Row name="preferredDate" label={field('preferredDate')}>
              <Value text={f.preferredDate} />
            </Row>
            <Row name="privacyConsent" label={t('staff.inquiry.fields.privacyConsent')}>
              {t(f.privacyConsent ? 'staff.inquiry.fields.consentGiven' : 'staff.inquiry.fields.consentMissing')}
            </Row>
          </>
        )}
      </dl>
      {data.erased ? null : (
        <>
          <h3 id="inquiry-message-heading">{field('message')}</h3>
          <div className="inquiry-message" role="region" aria-labelledby="inquiry-message-heading" tabIndex={0} data-inquiry-message="">
            {inertLines(f.message)}
          </div>
        </>
      )}
    </section>
  )
}

/** A mail's state as words (never colour alone): pending, sent, failed, cancelled. */
export function MailState({ mail }: { mail: MailRow }) {
  const { t } = useI18n()
  return (
    <span className={`staff-badge inquiry-mail--${mail.status}`} data-mail-state={mail.status}>
      {t(`staff.inquiries.mailStates.${mail.status}`)}
    </span>
  )
}

/** Sends a failed mail again, or a pending one now. */
function RetryForm({ id, mail }: { id: string; mail: MailRow }) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  return (
    <form method="post" action={staffHref('inquiryRetry', { id })} data-form="retry">
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="seq" value={mail.seq} />
      <button type="submit" className="button button--secondary">
        {t(mail.status === 'failed' ? 'staff.inquiry.mail.retry' : 'staff.inquiry.mail.sendNow')}
      </button>
    </form>
  )
}

/** The inquiry's mails (the staff mail, the auto-reply, replies, the webhook): state, attempts, sent time, last error, retry. */
export function InquiryMails({ data }: { data: InquiryData }) {
  const { t } = useI18n()
  return (
    <section className="staff-section" aria-labelledby="inquiry-mail-heading">
      <h2 id="inquiry-mail-heading">{t('staff.inquiry.mail.heading')}</h2>
      {data.mails.length === 0 ? (
        <p className="staff-muted">{t('staff.inquiry.mail.none')}</p>
      ) : (
        <ul className="inquiry-mails" data-mails="">
          {data.mails.map((mail) => (
            <li key={mail.seq} className="inquiry-mails__item" data-mail={mail.kind} data-seq={mail.seq}>
              <div className="inquiry-mails__head">
                <strong>{t(`staff.inquiry.mail.kinds.${mail.kind}`)}</strong> <MailState mail={mail} />
              </div>
              <p className="inquiry-mails__facts">
                <span>{t('staff.inquiry.mail.attempts', { count: mail.attempts })}</span>
                {mail.sent ? (
                  <span>
                    {t('staff.inquiry.mail.sentAt')} <ShownTimeText time={mail.sent} />
                  </span>
                ) : null}
              </p>
              {mail.lastError ? (
                <p className="inquiry-mails__error">
                  {t('staff.inquiry.mail.lastError')} {inertField(mail.lastError)}
                </p>
              ) : null}
              {mail.retry && !data.erased ? <RetryForm id={data.id} mail={mail} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
