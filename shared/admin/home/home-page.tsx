import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { useStaffNav } from '../shell/use-staff-nav'

/** The start page: a greeting and the sections this staff member may open. */
export function StaffHomePage() {
  const { t } = useI18n()
  const { viewer } = useStaffState()
  const sections = useStaffNav()
  return (
    <>
      <h1 className="staff-title">{t('staff.home.title')}</h1>
      <p>{t('staff.home.welcome', { name: viewer?.name ?? '' })}</p>
      {sections.length ? (
        <ul className="staff-cards">
          {sections.map((entry) => (
            <li key={entry.id}>
              <a href={entry.path}>{entry.label}</a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="staff-muted">{t('staff.home.nothing')}</p>
      )}
    </>
  )
}
