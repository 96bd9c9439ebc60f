import { useI18n } from '../i18n/context'
import { usePageState } from '../page-context'
import { AppLink } from './app-link'
import { socialProfiles } from '../social'

/** Company name, address, phone, social profiles and licences, the footer menu's links and the copyright. */
export function Footer() {
  const { t } = useI18n()
  const { year, site, menus } = usePageState()
  const social = socialProfiles(site)
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__company">
          <p className="site-footer__name">{site.name}</p>
          <address className="site-footer__address">
            {site.address}
            <br />
            <a href={`tel:${site.phoneInternational}`}>{t('units.footer.tel', { tel: site.phone })}</a> / {t('units.footer.fax', { fax: site.fax })}
            <br />
            {t('units.footer.hours', { hours: site.hours })}
          </address>
          {social.length > 0 && (
            <ul className="site-footer__social" aria-label={t('units.footer.social')}>
              {social.map((p) => (
                <li key={p.network}>
                  <a href={p.url} rel="noopener me" lang="en">
                    {p.name}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <ul className="site-footer__licences">
            {site.licences.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        </div>
        <nav aria-label={t('units.a11y.footerNav')}>
          <ul className="site-footer__links">
            {menus.footer.map((item) => (
              <li key={item.path}>
                <AppLink to={item.path}>{item.label}</AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__copyright">
          <small>{t('units.site.copyright', { year, name: site.name })}</small>
        </p>
      </div>
    </footer>
  )
}
