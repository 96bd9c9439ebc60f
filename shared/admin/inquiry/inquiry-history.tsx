import type { ReactNode } from 'react'
import { useI18n } from '../../i18n/context'
import type { Translate } from '../../i18n/messages'
import { inertField, inertLines } from '../inert-text'
import { ShownTimeText } from '../shown-time'
import { wholeIn } from '../whole'
import { MailState } from './inquiry-fields'
import type { HistoryItem, InquiryStatus, OutboxKind } from './page-data'

/** One history line as a sentence in the page's language: who (or "system"), what, from and to; each person and address whole. */
export function sentence(item: HistoryItem, t: Translate): ReactNode {
  const who = item.who === null ? t('staff.inquiry.history.system') : inertField(item.who)
  const status = (s: InquiryStatus | null) => (s ? t(`staff.inquiries.statuses.${s}`) : '—')
  const mail = (k: OutboxKind | null) => (k ? t(`staff.inquiry.mail.kinds.${k}`) : t('staff.inquiry.history.someMail'))
  const person = (p: string | null) => (p === null ? t('staff.inquiry.triage.unassigned') : inertField(p))
  switch (item.kind) {
    case 'received':
      return t('staff.inquiry.history.received')
    case 'status':
      return wholeIn(t, 'staff.inquiry.history.status', { who }, { from: status(item.from), to: status(item.to) })
    case 'assign':
      return item.to === null ? wholeIn(t, 'staff.inquiry.history.unassign', { who, from: person(item.from) }) : wholeIn(t, 'staff.inquiry.history.assign', { who, to: person(item.to) })
    case 'note':
      return wholeIn(t, 'staff.inquiry.history.note', { who })
    case 'hold':
      return wholeIn(t, item.on ? 'staff.inquiry.history.holdOn' : 'staff.inquiry.history.holdOff', { who })
    case 'reply':
      return wholeIn(t, 'staff.inquiry.history.reply', { who, to: item.to === null ? t('staff.inquiry.history.erasedValue') : inertField(item.to) })
    case 'mail':
      return t(`staff.inquiry.history.mail.${item.outcome}`, { kind: mail(item.mailKind), attempts: item.attempts })
    case 'retry':
      return wholeIn(t, 'staff.inquiry.history.retry', { who }, { kind: mail(item.mailKind) })
    case 'view':
      return item.count > 1 ? wholeIn(t, 'staff.inquiry.history.views', { who }, { count: item.count }) : wholeIn(t, 'staff.inquiry.history.view', { who })
    case 'export':
      return wholeIn(t, 'staff.inquiry.history.export', { who })
    case 'erase':
      return wholeIn(t, item.reason === 'request' ? 'staff.inquiry.history.eraseRequest' : 'staff.inquiry.history.eraseRetention', { who })
  }
}

/** What a line carries besides its sentence: a note's text, a reply's subject, state and body, a mail's error. */
function Detail({ item }: { item: HistoryItem }) {
  const { t } = useI18n()
  if (item.kind === 'note') return item.text === null ? <p className="staff-muted">{t('staff.inquiry.history.erasedValue')}</p> : <div className="inquiry-history__text">{inertLines(item.text)}</div>
  if (item.kind === 'mail' && item.error) return <p className="inquiry-history__error">{inertField(item.error)}</p>
  if (item.kind !== 'reply') return null
  if (item.subject === null) return <p className="staff-muted">{t('staff.inquiry.history.erasedValue')}</p>
  return (
    <>
      <p>
        <span className="staff-muted">{t('staff.inquiry.reply.subject')}:</span> {inertField(item.subject)}{' '}
        {item.mail ? <MailState mail={item.mail} /> : null}
      </p>
      {item.body === null ? null : (
        <details className="inquiry-history__body">
          <summary>{t('staff.inquiry.history.replyBody')}</summary>
          <div className="inquiry-history__text">{inertLines(item.body)}</div>
        </details>
      )}
    </>
  )
}

/** Everything that happened to the inquiry, oldest first (newest last), each with who and when (Japan time; views grouped: from – until). */
export function InquiryHistory({ items }: { items: HistoryItem[] }) {
  const { t } = useI18n()
  return (
    <section className="staff-section" aria-labelledby="inquiry-history-heading">
      <h2 id="inquiry-history-heading">{t('staff.inquiry.history.heading')}</h2>
      <ol className="inquiry-history" data-history="">
        {items.map((item) => (
          <li key={`${item.kind}-${item.seq}`} className={`inquiry-history__item inquiry-history__item--${item.kind}`} data-event={item.kind}>
            <p className="inquiry-history__line">
              <span data-sentence="">{sentence(item, t)}</span> <ShownTimeText time={item.at} />
              {item.kind === 'view' && item.count > 1 ? (
                <>
                  {t('staff.inquiry.history.until')}
                  <ShownTimeText time={item.until} />
                </>
              ) : null}
            </p>
            <Detail item={item} />
          </li>
        ))}
      </ol>
    </section>
  )
}
