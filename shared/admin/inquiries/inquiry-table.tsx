import { useI18n } from '../../i18n/context'
import { ShownTimeText } from '../shown-time'
import { TableRegion } from '../table-region'
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

/** A cell: its column's name for the phone's card (data-label) and one box for its lines. */
function Cell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <td data-label={label}>
      <div className="staff-table__lines">{children}</div>
    </td>
  )
}

function Row({ row }: { row: InquiryListRow }) {
  const { t } = useI18n()
  const label = (key: string) => t(`staff.inquiries.${key}`)
  return (
    <tr data-inquiry={row.id} data-status={row.status}>
      <th scope="row" data-label={label('refReceived')} className="inbox-table__ref">
        <div className="staff-table__lines">
          <a href={row.href}>{row.id}</a>
          <ShownTimeText time={row.received} />
        </div>
      </th>
      <Cell label={label('nameCompany')}>
        {row.erased ? (
          <span className="staff-muted">{label('erased')}</span>
        ) : (
          <>
            <span className="inbox-table__one">{row.name}</span>
            {row.nameKana ? <span className="inbox-table__one inbox-table__kana">{row.nameKana}</span> : null}
            {row.company ? <span className="inbox-table__text">{row.company}</span> : null}
          </>
        )}
      </Cell>
      <Cell label={label('typeLang')}>
        <span className="inbox-table__type">{t(`units.contact.types.${row.type}`)}</span>
        <span>{row.language}</span>
      </Cell>
      <Cell label={label('statusAssignee')}>
        <span>
          <span className={`staff-badge inbox-status inbox-status--${row.status}`}>{t(`staff.inquiries.statuses.${row.status}`)}</span>
          {row.legalHold ? <span className="staff-badge inbox-status inbox-status--hold">{label('legalHold')}</span> : null}
        </span>
        {row.assignee === null ? <span>{label('unassigned')}</span> : <span className="inbox-table__one">{row.assignee}</span>}
      </Cell>
      <Cell label={label('mail')}>
        <ul className="inbox-mail">
          <MailState kind="staff" state={row.mail.staff} />
          <MailState kind="autoReply" state={row.mail.autoReply} />
        </ul>
      </Cell>
    </tr>
  )
}

/** The inquiries of one page: a table of five columns on a wide screen, one card per inquiry on a phone. */
export function InquiryTable({ rows }: { rows: InquiryListRow[] }) {
  const { t } = useI18n()
  const label = (key: string) => t(`staff.inquiries.${key}`)
  return (
    <TableRegion labelledBy="inquiries-caption" cards>
      <table className="staff-table inbox-table" data-inquiries="">
        <caption id="inquiries-caption" className="visually-hidden">
          {t('staff.inquiries.title')}
        </caption>
        <thead>
          <tr>
            {['refReceived', 'nameCompany', 'typeLang', 'statusAssignee', 'mail'].map((key) => (
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
    </TableRegion>
  )
}
