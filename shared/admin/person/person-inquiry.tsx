import { useI18n } from '../../i18n/context'
import { isLocale, localeInfo } from '../../i18n/locales'
import { inertLines, inertText } from '../inert-text'
import { ShownTimeText } from '../shown-time'
import { Whole } from '../whole'
import type { PersonInquiry, PersonNote } from './page-data'

/** A visitor's or a staff member's text, inert: invisible characters shown as escapes, its line breaks kept. */
function Inert({ text }: { text: string }) {
  return <span className="staff-person__text">{inertLines(text)}</span>
}

const FIELDS = ['name', 'nameKana', 'company', 'email', 'phone', 'preferredDate', 'message'] as const
/** The fields read as one value: never broken inside. */
const WHOLE = new Set<string>(['name', 'nameKana', 'email', 'phone'])

/** One time-stamped entry (a note, a reply to an address) with its author. */
function Entry({ entry, to, subject }: { entry: PersonNote; to?: string; subject?: string }) {
  const { t } = useI18n()
  return (
    <li>
      <p className="staff-muted">
        <ShownTimeText time={entry.at} /> {entry.author ? <Whole>{inertText(entry.author)}</Whole> : t('staff.inquiries.person.system')}
        {to === undefined ? null : (
          <>
            {' · '}
            <Whole>{inertText(to)}</Whole>
            {` · ${inertText(subject ?? '')}`}
          </>
        )}
      </p>
      <Inert text={entry.text} />
    </li>
  )
}

/** Everything held about one inquiry: its fields, triage, notes, replies, mails. */
export function PersonInquiryCard({ inquiry: q }: { inquiry: PersonInquiry }) {
  const { t } = useI18n()
  const p = (key: string) => t(`staff.inquiries.person.${key}`)
  return (
    <article className="staff-person__inquiry" aria-labelledby={`inquiry-${q.id}`} data-inquiry={q.id}>
      <h3 id={`inquiry-${q.id}`}>
        <Whole>{q.id}</Whole> {q.erasedAt ? <span className="staff-badge">{p('erased')}</span> : null} {q.legalHold ? <span className="staff-badge">{p('legalHold')}</span> : null}
      </h3>
      <dl className="staff-person__fields">
        <dt>{p('received')}</dt>
        <dd>
          <ShownTimeText time={q.received} />
        </dd>
        <dt>{p('status')}</dt>
        <dd>{t(`staff.inquiries.statuses.${q.status}`)}</dd>
        <dt>{p('assignee')}</dt>
        <dd>{q.assigneeName ? <Whole>{inertText(q.assigneeName)}</Whole> : p('unassigned')}</dd>
        <dt>{t('units.contact.fields.inquiryType')}</dt>
        <dd>{t(`units.contact.types.${q.inquiryType}`)}</dd>
        <dt>{p('language')}</dt>
        <dd>{isLocale(q.locale) ? localeInfo(q.locale).name : q.locale}</dd>
        {q.erasedAt ? (
          <>
            <dt>{p('erasedAt')}</dt>
            <dd>
              <ShownTimeText time={q.erasedAt} />
            </dd>
          </>
        ) : (
          FIELDS.map((f) => [
            <dt key={`${f}-t`}>{t(`units.contact.fields.${f}`)}</dt>,
            <dd key={`${f}-d`} data-field={f}>
              {!q.fields[f] ? (
                <span className="staff-muted">{p('none')}</span>
              ) : f === 'message' ? (
                // A long message scrolls in its own box (reachable by keyboard), as on the inquiry's page.
                <div className="inquiry-message" role="region" aria-label={`${q.id} ${t('units.contact.fields.message')}`} tabIndex={0}>
                  {inertLines(q.fields[f])}
                </div>
              ) : WHOLE.has(f) ? (
                <Whole>{inertText(q.fields[f])}</Whole>
              ) : (
                <Inert text={q.fields[f]} />
              )}
            </dd>,
          ])
        )}
      </dl>
      <h4>{p('notes')}</h4>
      {q.notes.length ? (
        <ul className="staff-person__entries">
          {q.notes.map((n, i) => (
            <Entry key={i} entry={n} />
          ))}
        </ul>
      ) : (
        <p className="staff-muted">{p('none')}</p>
      )}
      <h4>{p('replies')}</h4>
      {q.replies.length ? (
        <ul className="staff-person__entries">
          {q.replies.map((r, i) => (
            <Entry key={i} entry={r} to={r.to} subject={r.subject} />
          ))}
        </ul>
      ) : (
        <p className="staff-muted">{p('none')}</p>
      )}
      <h4>{p('mails')}</h4>
      {q.mails.length ? (
        <ul className="staff-person__entries" data-mails="">
          {q.mails.map((m, i) => (
            <li key={i}>
              {t(`staff.inquiries.person.mailKinds.${m.kind}`)}: {t(`staff.inquiries.mailStates.${m.status}`)} ({t('staff.inquiries.person.attempts', { count: m.attempts })})
              {m.sentAt ? (
                <>
                  {' '}
                  <ShownTimeText time={m.sentAt} />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="staff-muted">{p('none')}</p>
      )}
    </article>
  )
}
