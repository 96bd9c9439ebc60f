import { useI18n } from '../i18n/context'
import { usePageState } from '../page-context'
import { AppLink } from './app-link'
import { MAIN_NAV } from './header'

export function Footer() {
  const { t } = useI18n()
  const { year } = usePageState()
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__company">
          <p className="site-footer__name">{t('units.site.name')}</p>
          <p className="site-footer__tagline">{t('units.site.tagline')}</p>
        </div>
        <nav aria-label={t('units.a11y.footerNav')}>
          <ul className="site-footer__links">
            {MAIN_NAV.map((item) => (
              <li key={item.to}>
                <AppLink to={item.to}>{t(item.key)}</AppLink>
              </li>
            ))}
            <li>
              <AppLink to="/contact">{t('units.nav.contact')}</AppLink>
            </li>
            <li>
              <AppLink to="/privacy-policy">{t('units.nav.privacy')}</AppLink>
            </li>
            <li>
              <AppLink to="/term-of-service">{t('units.nav.terms')}</AppLink>
            </li>
          </ul>
        </nav>
        <p className="site-footer__copyright">
          <small>{t('units.site.copyright', { year })}</small>
        </p>
      </div>
    </footer>
  )
}
