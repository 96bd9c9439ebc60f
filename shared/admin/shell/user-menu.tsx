import { useI18n } from '../../i18n/context'
import { ThemeSwitch } from '../../components/theme-switch'
import { useStaffState } from '../context'
import { STAFF_PATHS } from '../paths'
import { LanguageLinks } from './language-links'

/** The signed-in name and its menu: language, theme, sessions, security (own factors), sign out (a POST with the session's token). */
export function UserMenu() {
  const { t } = useI18n()
  const { viewer, csrf } = useStaffState()
  if (!viewer) return null
  return (
    <details className="staff-user">
      <summary className="staff-user__toggle">
        <span className="staff-user__name">{viewer.name || viewer.email}</span>
        <span className="staff-user__role">{t(`staff.roles.${viewer.role}`)}</span>
      </summary>
      <div className="staff-user__panel">
        <p className="staff-user__email">{viewer.email}</p>
        <LanguageLinks />
        <ThemeSwitch />
        <a className="staff-user__link" href={STAFF_PATHS.sessions}>
          {t('staff.user.sessions')}
        </a>
        <a className="staff-user__link" href={STAFF_PATHS.security}>
          {t('staff.user.security')}
        </a>
        <form method="post" action={STAFF_PATHS.signOut} className="staff-user__sign-out">
          <input type="hidden" name="_csrf" value={csrf} />
          <button type="submit" className="button button--secondary">
            {t('staff.user.signOut')}
          </button>
        </form>
      </div>
    </details>
  )
}
