import { Field } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import type { ConfirmWords } from '../../confirm/store'
import type { MessageValues, Translate } from '../../i18n/messages'
import { ConfirmStep } from '../confirm-step'
import { ConfirmSubmit } from '../confirm-submit'
import { inertField } from '../inert-text'
import { useStaffState } from '../context'
import { ExportForm } from '../export-form'
import { STAFF_PATHS } from '../paths'
import type { StaffPageProps } from '../types'
import type { PersonData, PersonInquiry } from './page-data'
import { PersonInquiryCard } from './person-inquiry'

/** What the erasure asks (the dialog and the step without JavaScript): whose data, from how many inquiries, and that it is final. */
function eraseWords(t: Translate, email: string, count: number): ConfirmWords {
  return {
    title: t('staff.inquiries.person.confirm.title', { email: inertField(email) }),
    text: t('staff.inquiries.person.confirm.text', { count }),
    action: t('staff.inquiries.person.erase'),
    tone: 'danger',
  }
}

/** What is held, and what can be done with it: export (responders and admins), erase (admins). */
function Found({ email, found, confirm }: { email: string; found: PersonInquiry[]; confirm: boolean }) {
  const { t } = useI18n()
  const { viewer, csrf } = useStaffState()
  const p = (key: string, values?: MessageValues) => t(`staff.inquiries.person.${key}`, values)
  const live = found.filter((q) => !q.erasedAt)
  const words = eraseWords(t, email, live.length)
  return (
    <section className="staff-section" aria-labelledby="person-found" data-found={found.length}>
      <h2 id="person-found">{p('found', { count: found.length })}</h2>
      {found.length ? (
        <>
          <section className="staff-section" aria-labelledby="person-export">
            <h3 id="person-export">{p('exportHeading')}</h3>
            <p>{p('exportText')}</p>
            <ExportForm action={STAFF_PATHS.inquiriesPersonExport} form="person-export" fields={[['email', email]]}>
              <p>{t('staff.inquiries.export.hint')}</p>
            </ExportForm>
          </section>
          {viewer?.role === 'admin' && live.length ? (
            <section className="staff-section" aria-labelledby="person-erase">
              <h3 id="person-erase">{p('eraseHeading')}</h3>
              <p>{p('eraseText', { count: live.length })}</p>
              {live.some((q) => q.legalHold) ? <p className="staff-notice staff-notice--error">{p('legalHoldWarning')}</p> : null}
              {confirm ? (
                <ConfirmStep name="erase" words={words} action={STAFF_PATHS.inquiriesPersonErase} fields={{ email }} cancel={STAFF_PATHS.inquiriesPerson} heading="h4" />
              ) : (
                <form method="post" action={STAFF_PATHS.inquiriesPersonErase} data-form="erase" className="form-actions">
                  <input type="hidden" name="_csrf" value={csrf} />
                  <input type="hidden" name="email" value={email} />
                  <input type="hidden" name="confirmed" value="" />
                  <ConfirmSubmit words={words}>{words.action}</ConfirmSubmit>
                </form>
              )}
            </section>
          ) : null}
          {found.map((q) => (
            <PersonInquiryCard key={q.id} inquiry={q} />
          ))}
        </>
      ) : null}
    </section>
  )
}

/**
 * A person's request (APPI): one email address looked up (POSTed, never in a URL), everything held
 * about it, its export, its erasure (admins, after the confirmation dialog and a fresh factor check).
 */
export function PersonPage({ data }: StaffPageProps<PersonData>) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  const p = (key: string, values?: MessageValues) => t(`staff.inquiries.person.${key}`, values)
  return (
    <>
      <h1 className="staff-title">{p('title')}</h1>
      <p className="staff-muted">{p('intro')}</p>
      {data.erased !== null ? (
        <div className="staff-notice" role="status" data-notice="erased">
          <p>{p('erasedNotice', { count: data.erased })}</p>
        </div>
      ) : null}
      <form method="post" action={STAFF_PATHS.inquiriesPerson} className="staff-form staff-filters" data-form="person">
        <input type="hidden" name="_csrf" value={csrf} />
        <Field id="person-email" name="email" label={p('email')} hint={p('emailHint')} error={data.error ? p(`errors.${data.error}`) : undefined} required>
          {(control) => <input {...control} type="email" autoComplete="off" spellCheck={false} defaultValue={data.email} maxLength={254} />}
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button--primary">
            {p('find')}
          </button>
        </div>
      </form>
      {data.found ? <Found email={data.email} found={data.found} confirm={data.confirm} /> : null}
    </>
  )
}
