import { useI18n } from '../i18n/context'
import { AppLink } from '../components/app-link'
import { MAIN_NAV } from '../components/header'

export function HomePage() {
  const { t } = useI18n()
  return (
    <>
      <section className="hero" aria-labelledby="page-title">
        <div className="container">
          <h1 className="hero__title" id="page-title">
            {t('units.site.name')}
          </h1>
          <p className="hero__lead">{t('units.site.tagline')}</p>
          <AppLink to="/contact" className="button button--accent">
            {t('units.nav.contact')}
          </AppLink>
        </div>
      </section>
      <section className="container section">
        <ul className="card-grid">
          {MAIN_NAV.map((item) => (
            <li key={item.to} className="card">
              <AppLink to={item.to}>{t(item.key)}</AppLink>
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
