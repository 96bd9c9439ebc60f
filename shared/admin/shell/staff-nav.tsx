import { useI18n } from '../../i18n/context'
import { useStaffNav } from './use-staff-nav'

function NavList() {
  const entries = useStaffNav()
  return (
    <ul className="staff-nav__list">
      {entries.map((entry) => (
        <li key={entry.id}>
          <a href={entry.path} aria-current={entry.current}>
            {entry.label}
          </a>
        </li>
      ))}
    </ul>
  )
}

/**
 * The left navigation: only the sections the signed-in role may open. Wide screens show it as a
 * column; below 64em it folds into a <details> menu (opens without JavaScript). CSS shows exactly
 * one of the two, so only one navigation is ever exposed.
 */
export function StaffNav() {
  const { t } = useI18n()
  return (
    <>
      <nav className="staff-nav staff-nav--wide" aria-label={t('staff.nav.label')}>
        <NavList />
      </nav>
      <details className="staff-nav staff-nav--narrow">
        <summary className="staff-nav__toggle">
          <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
            <path d="M2 5h16M2 10h16M2 15h16" stroke="currentColor" strokeWidth="2" />
          </svg>
          <span>{t('staff.nav.menu')}</span>
        </summary>
        <nav aria-label={t('staff.nav.label')}>
          <NavList />
        </nav>
      </details>
    </>
  )
}
