import { useI18n } from '../i18n/context'
import { AppLink } from './app-link'
import { LanguageSwitch } from './language-switch'

export const MAIN_NAV: { to: string; key: string }[] = [
  { to: '/about', key: 'units.nav.about' },
  { to: '/service', key: 'units.nav.service' },
  { to: '/greeting', key: 'units.nav.greeting' },
  { to: '/construction-project', key: 'units.nav.projects' },
  { to: '/news', key: 'units.nav.news' },
]

export function Header({ currentPath }: { currentPath: string }) {
  const { t } = useI18n()
  const isCurrent = (to: string) => currentPath === to || currentPath.startsWith(to + '/')
  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <AppLink to="/" className="site-logo">
          <svg className="site-logo__mark" width="28" height="28" viewBox="0 0 28 28" aria-hidden="true" focusable="false">
            <path d="M2 26V10l12-8 12 8v16h-8v-9h-8v9z" fill="currentColor" />
          </svg>
          <span className="site-logo__name">{t('units.site.name')}</span>
        </AppLink>
        <details className="site-menu">
          <summary className="site-menu__toggle">{t('units.nav.menu')}</summary>
          <div className="site-menu__panel">
            <nav aria-label={t('units.nav.label')}>
              <ul className="site-nav">
                {MAIN_NAV.map((item) => (
                  <li key={item.to}>
                    <AppLink to={item.to} aria-current={isCurrent(item.to) ? 'page' : undefined}>
                      {t(item.key)}
                    </AppLink>
                  </li>
                ))}
              </ul>
            </nav>
            <AppLink to="/contact" className="button button--accent site-cta">
              {t('units.nav.contact')}
            </AppLink>
            <LanguageSwitch />
          </div>
        </details>
      </div>
    </header>
  )
}
