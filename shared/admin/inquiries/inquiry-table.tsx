import { useI18n } from '../../i18n/context'
import type { InquiryListRow, ListedMailState } from './page-data'

/** A shape beside each mail state's word (never colour alone): ✓ sent, … pending, ! failed, ⊘ cancelled, – none. */
const MAIL_MARK: Record<ListedMailState, string> = { sent: '✓', pending: '…', failed: '!', cancelled: '⊘', none: '–' }

function MailState({ kind, state }: { kind: 'staff' | 'autoReply'; state: ListedMailState }) {
  const { t } = useI18n()
  return (
    <li className={`inbox-mail__state inbox-mail__state--${state}`} data-mail={kind} data-state={state}>
      <span className="inbox-mail__mark" aria-hidden="true">
        {MAIL_MARK[state]}
      </span>
      <span>{t('staff.inquiries.mailState', { kind: t(`staff.inquiries.mailKinds.${kind}`), state: t(`staff.inquiries.mailStates.${state}`) })}</span>
    </li>
  )
}

/** The time received as ShownTimeText shows it, in two parts that wrap as wholes: the day, then the time and zone. */
function ReceivedTime({ time }: { time: InquiryListRow['received'] }) {
  const [day, ...rest] = time.text.split(' ')
  return (
    <time dateTime={time.iso} title={time.iso} className="inbox-table__time">
      <span>{day}</span> <span>{rest.join(' ')}</span>
    </time>
  )
}

/** A cell: its column's name for the phone's card (data-label) and one box for its content. */
function Cell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <td data-label={label}>
      <div className="inbox-cell">{children}</div>
    </td>
  )
}

function Row({ row }: { row: InquiryListRow }) {
  const { t } = useI18n()
  const label = (key: string) => t(`staff.inquiries.${key}`)
  return (
    <tr data-inquiry={row.id} data-status={row.status}>
      <th scope="row" data-label={label('reference')} className="inbox-table__ref">
        <a href={row.href}>{row.id}</a>
      </th>
      <Cell label={label('received')}>
        <ReceivedTime time={row.received} />
      </Cell>
      <Cell label={label('name')}>
        {row.erased ? (
          <span className="staff-muted">{label('erased')}</span>
        ) : (
          <>
            <span className="inbox-table__text">{row.name}</span>
            {row.nameKana ? <span className="inbox-table__text inbox-table__kana">{row.nameKana}</span> : null}
          </>
        )}
      </Cell>
      <Cell label={label('company')}>
        <span className="inbox-table__text">{row.company}</span>
      </Cell>
      <Cell label={label('type')}>
        <span className="inbox-table__type">{t(`units.contact.types.${row.type}`)}</span>
      </Cell>
      <Cell label={label('lang')}>{row.language}</Cell>
      <Cell label={label('status')}>
        <span className={`staff-badge inbox-status inbox-status--${row.status}`}>{t(`staff.inquiries.statuses.${row.status}`)}</span>
        {row.legalHold ? <span className="staff-badge inbox-status inbox-status--hold">{label('legalHold')}</span> : null}
      </Cell>
      <Cell label={label('assignee')}>{row.assignee === null ? <span className="staff-muted">{label('unassigned')}</span> : <span className="inbox-table__text">{row.assignee}</span>}</Cell>
      <Cell label={label('mail')}>
        <ul className="inbox-mail">
          <MailState kind="staff" state={row.mail.staff} />
          <MailState kind="autoReply" state={row.mail.autoReply} />
        </ul>
      </Cell>
    </tr>
  )
}

/** The inquiries of one page: a table on a wide screen, one card per inquiry on a phone (client/staff-inbox.css). */
export function InquiryTable({ rows }: { rows: InquiryListRow[] }) {
  const { t } = useI18n()
  const label = (key: string) => t(`staff.inquiries.${key}`)
  return (
    <div className="staff-table-wrap inbox-table-wrap">
      <table className="staff-table inbox-table" data-inquiries="">
        <caption className="visually-hidden">{t('staff.inquiries.title')}</caption>
        <thead>
          <tr>
            {['reference', 'received', 'name', 'company', 'type', 'lang', 'status', 'assignee', 'mail'].map((key) => (
              <th key={key} scope="col">
                {label(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <Row key={row.id} row={row} />
          ))}
        </tbody>
      </table>
    </div>
  )
}
