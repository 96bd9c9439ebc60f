import { Field } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { inertField } from '../inert-text'
import { staffHref } from '../paths'
import { NOTE_MAX, type InquiryData } from './page-data'
import { StatusOptions } from './status-options'

/** The values the form showed: the server applies only what the staff member changed from them. */
function Was({ data }: { data: InquiryData }) {
  return (
    <>
      <input type="hidden" name="statusWas" value={data.was.status} />
      <input type="hidden" name="assigneeWas" value={data.was.assignee} />
      <input type="hidden" name="holdWas" value={data.was.legalHold ? '1' : '0'} />
    </>
  )
}

/** The legal hold: a checkbox (a hidden 'off' after it: the first value counts), or for a responder a hold they cannot lift. */
function Hold({ data }: { data: InquiryData }) {
  const { t } = useI18n()
  if (data.legalHold && !data.mayLiftHold) {
    return (
      <p className="staff-notice" data-hold="locked">
        {t('staff.inquiry.triage.holdLocked')}
      </p>
    )
  }
  return (
    <div className="field field--inline" data-field="legalHold">
      <div className="field__inline">
        <input id="triage-hold" name="legalHold" type="checkbox" value="on" defaultChecked={data.triage.form.legalHold} aria-describedby="triage-hold-hint" />
        <input type="hidden" name="legalHold" value="off" />
        <label className="field__label" htmlFor="triage-hold">
          {t('staff.inquiry.triage.hold')}
        </label>
      </div>
      <p className="field__hint" id="triage-hold-hint">
        {t('staff.inquiry.triage.holdHint')}
      </p>
    </div>
  )
}

/**
 * Triage: status (spam also stops pending mail), assignee, an internal note, the legal hold, one
 * Save; and "assign to me" as a form of its own. Both POST to the inquiry's change path.
 */
export function TriageForm({ data }: { data: InquiryData }) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  const action = staffHref('inquiryChange', { id: data.id })
  const { form, errors } = data.triage
  const error = (field: keyof typeof errors) => (errors[field] ? t(`staff.inquiry.errors.${errors[field]}`, { max: NOTE_MAX }) : undefined)
  return (
    <section className="staff-section inquiry-panel" aria-labelledby="triage-heading">
      <h2 id="triage-heading">{t('staff.inquiry.triage.heading')}</h2>
      {data.assignee?.id === data.self ? null : (
        <form method="post" action={action} className="inquiry-assign-me" data-form="assign-me">
          <input type="hidden" name="_csrf" value={csrf} />
          <Was data={data} />
          <input type="hidden" name="assignee" value={data.self} />
          <button type="submit" className="button button--secondary">
            {t('staff.inquiry.triage.assignMe')}
          </button>
        </form>
      )}
      <form method="post" action={action} className="staff-form" data-form="triage">
        <input type="hidden" name="_csrf" value={csrf} />
        <Was data={data} />
        <Field id="triage-status" name="status" label={t('staff.inquiry.triage.status')} hint={t('staff.inquiry.triage.spamHint')} error={error('status')} required>
          {(control) => (
            <select {...control} defaultValue={form.status}>
              <StatusOptions />
            </select>
          )}
        </Field>
        <Field id="triage-assignee" name="assignee" label={t('staff.inquiry.triage.assignee')} error={error('assignee')} required={false}>
          {(control) => (
            <select {...control} defaultValue={form.assignee}>
              <option value="">{t('staff.inquiry.triage.unassigned')}</option>
              {data.assignees.map((a) => (
                <option key={a.id} value={a.id}>
                  {inertField(a.name)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="triage-note" name="note" label={t('staff.inquiry.triage.note')} hint={t('staff.inquiry.triage.noteHint', { max: NOTE_MAX })} error={error('note')} required={false}>
          {(control) => <textarea {...control} rows={4} maxLength={NOTE_MAX} defaultValue={form.note} />}
        </Field>
        <Hold data={data} />
        <div className="form-actions">
          <button type="submit" className="button button--primary">
            {t('staff.inquiry.triage.save')}
          </button>
        </div>
      </form>
    </section>
  )
}
