import { useI18n } from '../i18n/context'
import { AppLink } from './app-link'
import { LanguageSwitch } from './language-switch'
import { ThemeSwitch } from './theme-switch'
import { usePageState } from '../page-context'
import { PATHS } from '../paths'

function NavLinks({ currentPath, className }: { currentPath: string; className: string }) {
  const { t } = useI18n()
  const { menus } = usePageState()
  // 'page' for the page itself, 'true' for a section ancestor (News on an article).
  const current = (to: string) => (currentPath === to ? 'page' : currentPath.startsWith(to + '/') ? 'true' : undefined)
  return (
    <nav aria-label={t('units.nav.label')} className={className}>
      <ul className="site-nav">
        {menus.header.map((item) => (
          <li key={item.path}>
            <AppLink to={item.path} aria-current={current(item.path)}>
              {item.label}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/** The phone number (a link) and the hours, each kept on one line: the two wrap apart, never inside. */
function PhoneLine({ className }: { className: string }) {
  const { t } = useI18n()
  const { site } = usePageState()
  return (
    <p className={`phone-line ${className}`}>
      <a href={`tel:${site.phoneInternational}`}>{t('units.footer.tel', { tel: site.phone })}</a>{' '}
      <span>{t('units.footer.hours', { hours: site.hours })}</span>
    </p>
  )
}

/**
 * Logo, navigation, contact CTA, phone number, language and theme switches. Wide screens show them inline: a
 * utility row (phone, language, theme) above the menu's entries and the contact button, whose entries wrap onto
 * more rows when the menu is wider than the room beside the logo. Narrow screens get a <details> menu, which
 * opens without JavaScript. CSS shows exactly one of the two, so only one navigation is ever exposed.
 */
export function Header({ currentPath }: { currentPath: string }) {
  const { t } = useI18n()
  const { site } = usePageState()
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <AppLink to={PATHS.home} className="site-logo">
          <svg className="site-logo__mark" width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
            <path d="M2 26V10l12-8 12 8v16h-8v-9h-8v9z" fill="currentColor" />
          </svg>
          <span className="site-logo__name">{site.name}</span>
        </AppLink>
        <div className="site-header__desktop">
          <div className="site-header__utility">
            <PhoneLine className="site-header__tel" />
            <LanguageSwitch />
            <ThemeSwitch />
          </div>
          <NavLinks currentPath={currentPath} className="site-nav-wrap" />
          <AppLink to={PATHS.contact} className="button button--accent site-cta">
            {t('units.nav.contact')}
          </AppLink>
        </div>
        <details className="site-menu">
          <summary className="site-menu__toggle">
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <path d="M2 5h16M2 10h16M2 15h16" stroke="currentColor" strokeWidth="2" />
            </svg>
            <span>{t('units.nav.menu')}</span>
          </summary>
          <div className="site-menu__panel">
            <NavLinks currentPath={currentPath} className="site-nav-wrap" />
            <AppLink to={PATHS.contact} className="button button--accent site-cta">
              {t('units.nav.contact')}
            </AppLink>
            <PhoneLine className="site-menu__tel" />
            <LanguageSwitch />
            <ThemeSwitch />
          </div>
        </details>
      </div>
    </header>
  )
}
