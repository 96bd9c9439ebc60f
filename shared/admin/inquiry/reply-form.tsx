import { useState } from 'react'
import { Field } from '../../components/form-field'
import type { ConfirmWords } from '../../confirm/store'
import { useI18n } from '../../i18n/context'
import type { Translate } from '../../i18n/messages'
import { ConfirmStep } from '../confirm-step'
import { ConfirmSubmit } from '../confirm-submit'
import { INQUIRY_STATUSES } from '../inquiry-states'
import { useStaffState } from '../context'
import { inertField } from '../inert-text'
import { staffHref } from '../paths'
import { wholeIn } from '../whole'
import { BODY_MAX, SUBJECT_MAX, type InquiryData } from './page-data'
import { StatusOptions } from './status-options'

/**
 * What sending the reply asks (the dialog and the step without JavaScript): to whom it is mailed, and
 * the status the inquiry then has (`status`: the one chosen, or 'keep' the current one).
 */
function replyWords(t: Translate, data: InquiryData, status: string): ConfirmWords {
  const keep = status === 'keep' || !(INQUIRY_STATUSES as readonly string[]).includes(status)
  const values = { to: inertField(data.reply.to), status: t(`staff.inquiries.statuses.${keep ? data.status : status}`) }
  return {
    title: t('staff.inquiry.reply.confirmTitle'),
    text: t(keep ? 'staff.inquiry.reply.confirmKeep' : 'staff.inquiry.reply.confirmText', values),
    action: t('staff.inquiry.reply.send'),
    tone: 'primary',
  }
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
  const [status, setStatus] = useState<string>(form.status)
  const error = (field: keyof typeof errors) => (errors[field] ? t(`staff.inquiry.errors.${errors[field]}`, { max: field === 'subject' ? SUBJECT_MAX : BODY_MAX }) : undefined)
  return (
    <section className="staff-section inquiry-panel" aria-labelledby="reply-heading">
      <h2 id="reply-heading">{t('staff.inquiry.reply.heading')}</h2>
      {data.confirmReply ? (
        <ConfirmStep
          name="reply"
          words={replyWords(t, data, form.status)}
          action={staffHref('inquiryReply', { id: data.id })}
          fields={{ subject: form.subject, body: form.body, status: form.status }}
          cancel="#reply-heading"
        />
      ) : null}
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
            <select {...control} value={status} onChange={(e) => setStatus(e.currentTarget.value)}>
              <option value="keep">{t('staff.inquiry.reply.keepStatus', { status: t(`staff.inquiries.statuses.${data.status}`) })}</option>
              <StatusOptions />
            </select>
          )}
        </Field>
        <div className="form-actions">
          <ConfirmSubmit words={replyWords(t, data, status)}>{t('staff.inquiry.reply.send')}</ConfirmSubmit>
        </div>
      </form>
    </section>
  )
}
