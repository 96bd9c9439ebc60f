import { Field } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import { ConfirmSubmit } from '../confirm-submit'
import { useStaffState } from '../context'
import { inertField } from '../inert-text'
import { staffHref } from '../paths'
import { wholeIn } from '../whole'
import { BODY_MAX, SUBJECT_MAX, type InquiryData } from './page-data'
import { StatusOptions } from './status-options'

/** The confirmation step of a reply (without JavaScript): Cancel (back to the form, text kept) first, Send second. */
function ConfirmReply({ data }: { data: InquiryData }) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  const { form, to } = data.reply
  return (
    <section className="staff-notice" role="alertdialog" aria-labelledby="confirm-reply-title" data-confirm="reply">
      <h2 id="confirm-reply-title">{t('staff.inquiry.reply.confirmTitle')}</h2>
      <p>{t('staff.inquiry.reply.confirmText', { to: inertField(to) })}</p>
      <form method="post" action={staffHref('inquiryReply', { id: data.id })} className="form-actions">
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="subject" value={form.subject} />
        <input type="hidden" name="body" value={form.body} />
        <input type="hidden" name="status" value={form.status} />
        <input type="hidden" name="confirmed" value="1" />
        <a className="button button--secondary" href="#reply-heading">
          {t('units.confirmDialog.cancel')}
        </a>
        <button type="submit" className="button button--primary">
          {t('staff.inquiry.reply.send')}
        </button>
      </form>
    </section>
  )
}

/**
 * The reply: subject and body from the template in the inquiry's language (quoting its reference
 * and the message), edited here; the status to set after sending ('waiting' unless changed, or
 * keep the current one); sent after the confirmation dialog, through the outbox.
 */
export function ReplyForm({ data }: { data: InquiryData }) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  const { form, errors, to } = data.reply
  const error = (field: keyof typeof errors) => (errors[field] ? t(`staff.inquiry.errors.${errors[field]}`, { max: field === 'subject' ? SUBJECT_MAX : BODY_MAX }) : undefined)
  return (
    <section className="staff-section inquiry-panel" aria-labelledby="reply-heading">
      <h2 id="reply-heading">{t('staff.inquiry.reply.heading')}</h2>
      {data.confirmReply ? <ConfirmReply data={data} /> : null}
      <p className="staff-muted">
        {wholeIn(t, 'staff.inquiry.reply.to', { to: inertField(to) })} {t('staff.inquiry.reply.replyTo')}
      </p>
      <form method="post" action={staffHref('inquiryReply', { id: data.id })} className="staff-form" data-form="reply">
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="confirmed" value="" />
        <Field id="reply-subject" name="subject" label={t('staff.inquiry.reply.subject')} error={error('subject')} required>
          {(control) => <input {...control} type="text" autoComplete="off" maxLength={SUBJECT_MAX} defaultValue={form.subject} />}
        </Field>
        <Field id="reply-body" name="body" label={t('staff.inquiry.reply.body')} hint={t('staff.inquiry.reply.bodyHint', { max: BODY_MAX })} error={error('body')} required>
          {(control) => <textarea {...control} rows={16} maxLength={BODY_MAX} defaultValue={form.body} />}
        </Field>
        <Field id="reply-status" name="status" label={t('staff.inquiry.reply.status')} error={error('status')} required>
          {(control) => (
            <select {...control} defaultValue={form.status}>
              <option value="keep">{t('staff.inquiry.reply.keepStatus', { status: t(`staff.inquiries.statuses.${data.status}`) })}</option>
              <StatusOptions />
            </select>
          )}
        </Field>
        <div className="form-actions">
          <ConfirmSubmit kind="complete" tone="primary">
            {t('staff.inquiry.reply.send')}
          </ConfirmSubmit>
        </div>
      </form>
    </section>
  )
}
