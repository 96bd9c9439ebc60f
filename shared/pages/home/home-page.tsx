import { type ImageRef, type NewsSummary, type ProjectSummary, type ServiceSummary } from '../../content'
import { useI18n } from '../../i18n/context'
import { AppLink } from '../../components/app-link'
import { Picture, SIZES } from '../../components/picture'
import { usePageState } from '../../page-context'
import { NewsRows } from '../news/news-pages'
import { ProjectCards } from '../projects/projects-pages'
import { PATHS } from '../../paths'

export interface HomeData {
  hero?: ImageRef | undefined
  services: ServiceSummary[]
  news: NewsSummary[]
  projects: ProjectSummary[]
}

export function HomePage({ data }: { data: HomeData }) {
  const { t } = useI18n()
  const { site } = usePageState()
  return (
    <>
      <section className="hero" aria-labelledby="page-title">
        {data.hero ? <Picture image={{ ...data.hero, alt: t('units.home.heroAlt') }} sizes={SIZES.full} priority className="hero__photo" /> : null}
        <div className="container">
          <div className="hero__copy">
            <h1 className="hero__title" id="page-title">
              {site.tagline}
            </h1>
            <p className="hero__lead">{site.description}</p>
            <p className="hero__actions">
              <AppLink to={PATHS.contact} className="button button--accent">
                {t('units.nav.contact')}
              </AppLink>
              <AppLink to={PATHS.service} className="button button--secondary">
                {t('units.home.moreService')}
              </AppLink>
            </p>
          </div>
        </div>
      </section>

      <section className="container section" aria-labelledby="home-services">
        <h2 id="home-services">{t('units.home.servicesTitle')}</h2>
        {data.services.length > 0 && (
          <ul className="card-grid service-cards">
            {data.services.map((s) => (
              <li key={s.anchor} className="card service-card">
                <h3 className="service-card__title">
                  <AppLink to={`${PATHS.service}#${s.anchor}`} className="card__title">
                    {s.title}
                  </AppLink>
                </h3>
                <p className="service-card__summary">{s.summary}</p>
              </li>
            ))}
          </ul>
        )}
        <p>
          <AppLink to={PATHS.service}>{t('units.home.moreService')}</AppLink>
        </p>
      </section>

      <section className="container section" aria-labelledby="home-news">
        <h2 id="home-news">{t('units.home.newsTitle')}</h2>
        <NewsRows items={data.news} />
        <p>
          <AppLink to={PATHS.news}>{t('units.home.moreNews')}</AppLink>
        </p>
      </section>

      <section className="container section" aria-labelledby="home-projects">
        <h2 id="home-projects">{t('units.home.projectsTitle')}</h2>
        <ProjectCards items={data.projects} headingLevel={3} />
        <p>
          <AppLink to={PATHS.projects}>{t('units.home.moreProjects')}</AppLink>
        </p>
      </section>

      <section className="figures" aria-labelledby="home-company">
        <div className="container section">
          <h2 id="home-company">{t('units.home.companyTitle')}</h2>
          <ul className="figures__list">
            <li>{t('units.home.founded', { year: site.founded })}</li>
            <li>{t('units.home.employees', { count: site.employees })}</li>
          </ul>
          <p>
            <AppLink to={PATHS.about}>{t('units.home.moreCompany')}</AppLink>
          </p>
        </div>
      </section>

      <section className="contact-band" aria-labelledby="home-contact">
        <div className="container section">
          <h2 id="home-contact">{t('units.home.contactTitle')}</h2>
          <p>{t('units.home.contactLead')}</p>
          <p>
            <a href={`tel:${site.phoneInternational}`}>{t('units.footer.tel', { tel: site.phone })}</a> ({site.hours})
          </p>
          <AppLink to={PATHS.contact} className="button button--accent">
            {t('units.nav.contact')}
          </AppLink>
        </div>
      </section>
    </>
  )
}
