import { Fragment } from 'react'
import { useI18n } from '../../i18n/context'
import { inertText } from '../inert-text'
import { STAFF_PATHS } from '../paths'
import { ShownTimeText } from '../shown-time'
import { TableRegion } from '../table-region'
import type { StaffPageProps } from '../types'
import { Whole } from '../whole'
import type { AuditData } from './page-data'

/** The filter form (GET: the filters are in the address, so a filtered view can be bookmarked). */
function AuditFilters({ data }: { data: AuditData }) {
  const { t } = useI18n()
  return (
    <form method="get" action={STAFF_PATHS.audit} className="staff-filters" aria-label={t('staff.audit.filters')}>
      <p className="field">
        <label className="field__label" htmlFor="audit-account">
          {t('staff.audit.account')}
        </label>
        <input id="audit-account" name="account" type="email" autoComplete="off" defaultValue={data.filters.account} />
      </p>
      <p className="field">
        <label className="field__label" htmlFor="audit-action">
          {t('staff.audit.action')}
        </label>
        <input id="audit-action" name="action" type="text" autoComplete="off" spellCheck={false} defaultValue={data.filters.action} />
      </p>
      <p className="field">
        <label className="field__label" htmlFor="audit-day">
          {t('staff.audit.day')}
        </label>
        <input id="audit-day" name="day" type="date" defaultValue={data.filters.day} />
      </p>
      <p className="form-actions">
        <button type="submit" className="button button--primary">
          {t('staff.audit.apply')}
        </button>
        <a className="button button--secondary" href={STAFF_PATHS.audit}>
          {t('staff.audit.clear')}
        </a>
      </p>
    </form>
  )
}

/**
 * What an entry acted on, word by word ('inquiry:Q-20261126-7F3K2A hold', 'token:… path:/admin/api/… owner'):
 * a word's kind ('account:') may end a line, its id, reference or address is whole; a request's path (anything
 * a client sent) wraps anywhere.
 */
function Target({ target }: { target: string }) {
  return (
    <>
      {inertText(target)
        .split(' ')
        .map((word, i) => {
          const kind = word.slice(0, word.indexOf(':') + 1)
          const value = word.slice(kind.length)
          return (
            <Fragment key={i}>
              {i ? ' ' : null}
              {kind}
              {kind === 'path:' ? value : <Whole>{value}</Whole>}
            </Fragment>
          )
        })}
    </>
  )
}

/** The audit log, newest first; every stored value shown as inert text. */
export function AuditPage({ data }: StaffPageProps<AuditData>) {
  const { t } = useI18n()
  return (
    <>
      <h1 className="staff-title">{t('staff.audit.title')}</h1>
      <p className="staff-muted">{t('staff.audit.intro')}</p>
      {data.problems.length ? (
        <div className="staff-notice staff-notice--error" role="status" data-problems={data.problems.join(' ')}>
          {data.problems.map((p) => (
            <p key={p}>{t(`staff.audit.errors.${p}`)}</p>
          ))}
        </div>
      ) : null}
      <AuditFilters data={data} />
      {data.rows.length === 0 ? (
        <p data-empty="">{t('staff.audit.empty')}</p>
      ) : (
        <TableRegion labelledBy="audit-caption" cards>
          <table className="staff-table" data-audit="">
            <caption id="audit-caption" className="visually-hidden">
              {t('staff.audit.title')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('staff.audit.time')}</th>
                <th scope="col">{t('staff.audit.who')}</th>
                <th scope="col">{t('staff.audit.actionTarget')}</th>
                <th scope="col">{t('staff.audit.outcome')}</th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((row, i) => (
                <tr key={i} data-outcome={row.outcome}>
                  <td data-label={t('staff.audit.time')}>
                    <ShownTimeText time={row.time} />
                  </td>
                  <td data-label={t('staff.audit.who')}>
                    <div className="staff-table__lines">
                      {row.who ? <Whole>{inertText(row.who)}</Whole> : <span>{t('staff.audit.nobody')}</span>}
                      <Whole>{inertText(row.address)}</Whole>
                    </div>
                  </td>
                  <td data-label={t('staff.audit.actionTarget')}>
                    <div className="staff-table__lines">
                      <code>{inertText(row.action)}</code>
                      <span className="staff-audit__target" data-target={row.target}>
                        <Target target={row.target} />
                      </span>
                    </div>
                  </td>
                  <td data-label={t('staff.audit.outcome')}>
                    {t(`staff.audit.outcomes.${row.outcome}`)}
                    {row.repeats > 1 ? <span data-repeats={row.repeats}> {t('staff.audit.repeats', { count: row.repeats })}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {data.newer || data.older ? (
        <nav className="staff-pager" aria-label={t('staff.audit.page', { page: data.page })}>
          {data.newer ? (
            <a href={data.newer} rel="prev">
              {t('staff.audit.newer')}
            </a>
          ) : null}
          <span aria-current="page">{t('staff.audit.page', { page: data.page })}</span>
          {data.older ? (
            <a href={data.older} rel="next">
              {t('staff.audit.older')}
            </a>
          ) : null}
        </nav>
      ) : null}
    </>
  )
}
