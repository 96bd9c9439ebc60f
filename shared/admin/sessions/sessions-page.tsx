import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { ShownTimeText } from '../shown-time'
import { TableRegion } from '../table-region'
import { Whole } from '../whole'
import type { StaffPageProps } from '../types'
import type { SessionsData } from './page-data'

/** Where this account is signed in: a dense table, each session ended by its own POST (danger-filled, never the default focus). */
export function SessionsPage({ data }: StaffPageProps<SessionsData>) {
  const { t } = useI18n()
  const { csrf, path } = useStaffState()
  return (
    <>
      <h1 className="staff-title">{t('staff.sessions.title')}</h1>
      <p className="staff-muted">{t('staff.sessions.intro')}</p>
      {data.notice ? (
        <div className="staff-notice" role="status">
          <p>{t(`staff.sessions.notices.${data.notice}`)}</p>
        </div>
      ) : null}
      <TableRegion labelledBy="sessions-caption" cards>
        <table className="staff-table" data-sessions="">
          <caption id="sessions-caption" className="visually-hidden">
            {t('staff.sessions.title')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('staff.sessions.device')}</th>
              <th scope="col">{t('staff.sessions.address')}</th>
              <th scope="col">{t('staff.sessions.lastSeen')}</th>
              <th scope="col">{t('staff.sessions.started')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('staff.sessions.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <tr key={row.key} data-current={row.current ? '' : undefined}>
                <td data-label={t('staff.sessions.device')}>
                  <div>
                    <span title={row.userAgent || undefined}>{row.device || row.userAgent || t('staff.sessions.unknownDevice')}</span>
                    {row.current ? (
                      <>
                        {' '}
                        <strong className="staff-badge">{t('staff.sessions.current')}</strong>
                      </>
                    ) : null}
                  </div>
                </td>
                <td data-label={t('staff.sessions.address')}>
                  <Whole>{row.address}</Whole>
                </td>
                <td data-label={t('staff.sessions.lastSeen')}>
                  <ShownTimeText time={row.lastSeen} />
                </td>
                <td data-label={t('staff.sessions.started')}>
                  <ShownTimeText time={row.started} />
                </td>
                <td data-label={t('staff.sessions.actions')}>
                  <form method="post" action={path}>
                    <input type="hidden" name="_csrf" value={csrf} />
                    <input type="hidden" name="session" value={row.key} />
                    <button type="submit" className="button button--danger">
                      {t(row.current ? 'staff.sessions.endCurrent' : 'staff.sessions.end')}
                    </button>
                  </form>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
    </>
  )
}
