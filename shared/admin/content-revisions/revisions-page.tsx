import type { ConfirmWords } from '../../confirm/store'
import { useI18n } from '../../i18n/context'
import type { Translate } from '../../i18n/messages'
import { ConfirmStep } from '../confirm-step'
import { ConfirmSubmit } from '../confirm-submit'
import { useStaffState } from '../context'
import { inertText } from '../inert-text'
import { staffHref } from '../paths'
import { ShownTimeText } from '../shown-time'
import { TableRegion } from '../table-region'
import type { StaffPageProps } from '../types'
import { Whole } from '../whole'
import { FieldChanges } from './field-changes'
import type { RevisionRow, RevisionsData } from './page-data'

/** What a restore asks (the row's dialog and the step without JavaScript): which item, back to which revision of when, and what it then is. */
function restoreWords(t: Translate, data: RevisionsData, row: RevisionRow): ConfirmWords {
  const values = { item: inertText(data.title), number: row.number, at: row.at.text }
  return { title: t('staff.content.revisions.confirm.title', values), text: t('staff.content.revisions.confirm.text', values), action: t('staff.content.revisions.restore'), tone: 'primary' }
}

/** A row's restore form: `confirmed` empty (the dialog, or the confirmation step without JavaScript). */
function RestoreForm({ data, row }: { data: RevisionsData; row: RevisionRow }) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  return (
    <form method="post" action={staffHref('contentRestore', { kind: data.kind, slug: data.slug })} data-op="restore">
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="seq" value={row.seq} />
      <input type="hidden" name="hash" value={data.hash} />
      <input type="hidden" name="confirmed" value="" />
      <ConfirmSubmit words={restoreWords(t, data, row)}>{t('staff.content.revisions.restoreThis', { number: row.number })}</ConfirmSubmit>
    </form>
  )
}

function Who({ who }: { who: RevisionRow['who'] }) {
  const { t } = useI18n()
  if ('name' in who) return <Whole>{inertText(who.name)}</Whole>
  return <>{t('cli' in who ? 'staff.content.revisions.cli' : 'staff.content.revisions.deletedAccount')}</>
}

function Row({ data, row }: { data: RevisionsData; row: RevisionRow }) {
  const { t } = useI18n()
  const picked = (side: 'older' | 'newer') => data.compare?.[side].seq === row.seq
  const label = (key: string) => t(`staff.content.revisions.${key}`)
  return (
    <tr data-revision={row.seq} data-current={row.current ? '' : undefined}>
      <td data-label={label('seq')}>{row.number}</td>
      <td data-label={label('at')}>
        <ShownTimeText time={row.at} />
      </td>
      <td data-label={label('who')}>
        <Who who={row.who} />
      </td>
      <td data-label={label('action')}>
        <div>
          {t(`staff.content.revisions.actions.${row.action}`, { from: row.restoredFrom ?? '' })}
          {row.current ? <strong className="staff-badge revision-current">{label('current')}</strong> : null}
        </div>
      </td>
      {(['older', 'newer'] as const).map((side) => (
        <td key={side} data-label={label(side)}>
          <input type="radio" form="revision-compare" name={side} value={row.seq} defaultChecked={picked(side)} aria-label={`${label(side)} ${row.number}`} />
        </td>
      ))}
      <td data-label={label('restore')}>
        {row.deletion ? (
          <span className="staff-muted">{label('deletion')}</span>
        ) : row.current ? null : (
          <RestoreForm data={data} row={row} />
        )}
      </td>
    </tr>
  )
}

/** An item's revisions: the list, two compared, a restore with its confirmation. */
export function RevisionsPage({ data }: StaffPageProps<RevisionsData>) {
  const { t } = useI18n()
  const { path } = useStaffState()
  const notice = data.notice
  const asked = data.rows.find((r) => r.seq === data.confirm?.seq)
  return (
    <>
      <h1 className="staff-title">{t('staff.content.revisions.heading', { item: inertText(data.title) })}</h1>
      <p className="staff-muted">{t('staff.content.revisions.intro')}</p>
      <p>
        <a href={staffHref('contentItem', { kind: data.kind, slug: data.slug })}>{t('staff.content.revisions.back')}</a>
      </p>
      {notice ? (
        <div className={`staff-notice${notice.kind === 'restored' ? '' : ' staff-notice--error'}`} role={notice.kind === 'restored' ? 'status' : 'alert'} data-notice={notice.kind}>
          <p>{t(`staff.content.revisions.notices.${notice.kind}`, { number: notice.number ?? '' })}</p>
          {data.problems.length ? (
            <ul data-problems="">
              {data.problems.map((p) => (
                <li key={p}>{inertText(p)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
      {asked ? (
        <ConfirmStep
          name="restore"
          words={restoreWords(t, data, asked)}
          action={staffHref('contentRestore', { kind: data.kind, slug: data.slug })}
          fields={{ seq: String(asked.seq), hash: data.hash }}
          cancel={path}
        />
      ) : null}
      {data.rows.length === 0 ? (
        <p data-no-revisions="">{t('staff.content.revisions.none')}</p>
      ) : (
        <>
          <form id="revision-compare" method="get" action={path} />
          <TableRegion labelledBy="revisions-caption" cards>
            <table className="staff-table" data-revisions="">
              <caption id="revisions-caption" className="visually-hidden">
                {t('staff.content.revisions.title')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('staff.content.revisions.seq')}</th>
                  <th scope="col">{t('staff.content.revisions.at')}</th>
                  <th scope="col">{t('staff.content.revisions.who')}</th>
                  <th scope="col">{t('staff.content.revisions.action')}</th>
                  <th scope="col">{t('staff.content.revisions.older')}</th>
                  <th scope="col">{t('staff.content.revisions.newer')}</th>
                  <th scope="col">{t('staff.content.revisions.restore')}</th>
                </tr>
              </thead>
              <tbody>
                {data.rows.map((row) => (
                  <Row key={row.seq} data={data} row={row} />
                ))}
              </tbody>
            </table>
          </TableRegion>
          <p>
            <button type="submit" form="revision-compare" className="button button--secondary">
              {t('staff.content.revisions.compare')}
            </button>
          </p>
        </>
      )}
      {data.compare ? <FieldChanges {...data.compare} /> : null}
    </>
  )
}
