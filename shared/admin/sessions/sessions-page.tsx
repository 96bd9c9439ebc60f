import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
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
      <div className="staff-table-wrap">
        <table className="staff-table" data-sessions="">
          <caption className="visually-hidden">{t('staff.sessions.title')}</caption>
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
                <td>
                  {row.device || t('staff.sessions.unknownDevice')}
                  {row.current ? <strong className="staff-badge">{t('staff.sessions.current')}</strong> : null}
                </td>
                <td>{row.address}</td>
                <td>{row.lastSeen}</td>
                <td>{row.started}</td>
                <td>
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
      </div>
    </>
  )
}
