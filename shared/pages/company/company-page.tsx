import type { ReactNode } from 'react'
import type { ImageRef, PageContent, SiteInfo, StaticPageId } from '../../content'
import { useI18n } from '../../i18n/context'
import { PageHeader } from '../../components/page-header'
import { Phrased } from '../../components/phrased'
import { Picture, SIZES } from '../../components/picture'
import { usePageState } from '../../page-context'
import type { Paths } from '../../paths'

/** Ids of the paths named after a Markdown file: /privacy-policy shows content/pages/privacy-policy.<lang>.md. */
export type CompanyPageId = { [K in keyof Paths]: Paths[K] extends `/${StaticPageId}` ? K : never }[keyof Paths]

export interface StaticPageData {
  id: StaticPageId
  page: PageContent
  /** Greeting: the full-bleed photo; about: the access map. */
  image?: ImageRef | undefined
}

/** Company information rows shown under the about page's own text. */
function Access({ site, image }: { site: SiteInfo; image?: ImageRef | undefined }) {
  const { t } = useI18n()
  return (
    <section className="access" aria-labelledby="access-title">
      <h2 id="access-title">{t('units.about.accessTitle')}</h2>
      <p>{site.address}</p>
      {image ? <Picture image={{ ...image, alt: t('units.about.mapAlt') }} sizes={SIZES.detail} className="access__map" /> : null}
      <p>
        <a href={site.mapUrl} target="_blank" rel="noopener noreferrer">
          {t('units.about.mapLink')}
        </a>
      </p>
    </section>
  )
}

/** The corporate number and invoice registration number, when site.yml has them (about page). */
function Registration({ site }: { site: SiteInfo }) {
  const { t } = useI18n()
  if (!site.corporateNumber && !site.invoiceNumber) return null
  return (
    <section className="registration" aria-labelledby="registration-title">
      <h2 id="registration-title">{t('units.about.registrationTitle')}</h2>
      <dl>
        {site.corporateNumber ? (
          <div>
            <dt>{t('units.about.corporateNumber')}</dt>
            <dd>{site.corporateNumber}</dd>
          </div>
        ) : null}
        {site.invoiceNumber ? (
          <div>
            <dt>{t('units.about.invoiceNumber')}</dt>
            <dd>{site.invoiceNumber}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  )
}

/** About, service, greeting, privacy policy, terms: Markdown from the content folder. */
export function StaticPage({ data }: { data: StaticPageData }) {
  const { t } = useI18n()
  const { site } = usePageState()
  if (data.id === 'greeting') {
    return (
      <div className="greeting">
        {data.image ? <Picture image={{ ...data.image, alt: t('units.greeting.imageAlt') }} sizes={SIZES.full} priority className="greeting__photo" /> : null}
        <div className="container">
          <article className="greeting__panel section">
            <h1 className="greeting__title" id="page-title">
              <Phrased text={data.page.title} phrases={data.page.titlePhrases} />
            </h1>
            <div className="prose" dangerouslySetInnerHTML={{ __html: data.page.html }} />
          </article>
        </div>
      </div>
    )
  }
  return (
    <PageBody page={data.page}>
      {data.id === 'about' ? (
        <>
          <Registration site={site} />
          <Access site={site} image={data.image} />
        </>
      ) : null}
    </PageBody>
  )
}

/** The company pages' frame: title and lead, then the Markdown (and what the page adds under it). */
export function PageBody({ page, children }: { page: PageContent; children?: ReactNode }) {
  return (
    <>
      <PageHeader title={page.title} titlePhrases={page.titlePhrases} lead={page.description} />
      <div className="container section">
        <div className="prose" dangerouslySetInnerHTML={{ __html: page.html }} />
        {children}
      </div>
    </>
  )
}
