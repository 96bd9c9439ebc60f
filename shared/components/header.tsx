import { useI18n } from '../i18n/context'
import { AppLink } from './app-link'
import { LanguageSwitch } from './language-switch'
import { ThemeSwitch } from './theme-switch'
import { usePageState } from '../page-context'

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

/**
 * Logo, navigation, contact CTA and language switch. Wide screens show them inline;
 * narrow screens get a <details> menu, which opens without JavaScript. CSS shows
 * exactly one of the two, so only one navigation is ever exposed.
 */
export function Header({ currentPath }: { currentPath: string }) {
  const { t } = useI18n()
  const { site } = usePageState()
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <AppLink to="/" className="site-logo">
          <svg className="site-logo__mark" width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
            <path d="M2 26V10l12-8 12 8v16h-8v-9h-8v9z" fill="currentColor" />
          </svg>
          <span className="site-logo__name">{site.name}</span>
        </AppLink>
        <div className="site-header__desktop">
          <NavLinks currentPath={currentPath} className="site-nav-wrap" />
          <LanguageSwitch />
          <ThemeSwitch />
          <AppLink to="/contact" className="button button--accent site-cta">
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
            <AppLink to="/contact" className="button button--accent site-cta">
            {t('units.nav.contact')}
          </AppLink>
            <p className="site-menu__tel">
              <a href={`tel:${site.phoneInternational}`}>{t('units.header.tel', { tel: site.phone })}</a>
            </p>
            <LanguageSwitch />
            <ThemeSwitch />
          </div>
        </details>
      </div>
    </header>
  )
}
