import { PROJECT_CATEGORIES, type ProjectItem, type ProjectSummary } from '../../content'
import { useI18n } from '../../i18n/context'
import type { PageProps } from '../../routes/types'
import { formatArea, formatLongDate, formatMonth } from '../../format'
import { imageUrl, imageWidths } from '../../images'
import { AppLink } from '../../components/app-link'
import { CategoryFilter } from '../../components/list-controls'
import { PageHeader } from '../../components/page-header'
import { Phrased } from '../../components/phrased'
import { Picture, SIZES } from '../../components/picture'
import { isMarked, PublicationBadge } from '../../components/publication-badge'
import { listSearch } from '../list-query'
import { href, PATHS } from '../../paths'

export interface ProjectListData {
  items: ProjectSummary[]
  category: string | null
}
export interface ProjectDetailData {
  item: ProjectItem
}

export const projectListSearch = (d: ProjectListData) => listSearch({ page: 1, category: d.category })

/**
 * Project cards: image, category chip, title link over the whole card, location and year.
 * `leadImage`: the first card's image is the page's main picture (eager, high priority); the
 * rest load lazily.
 */
export function ProjectCards({ items, headingLevel = 2, leadImage = false }: { items: ProjectSummary[]; headingLevel?: 2 | 3; leadImage?: boolean }) {
  const { t } = useI18n()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  if (items.length === 0) return <p>{t('units.projects.empty')}</p>
  return (
    <ul className="card-grid">
      {items.map((item, i) => (
        <li key={item.slug}>
          <article className="card project-card">
            <Picture image={item.cover} sizes={SIZES.card} className="card__image" priority={leadImage && i === 0} />
            <span className="badge">{t(`units.projects.categories.${item.category}`)}</span>
            <PublicationBadge item={item} />
            <Heading className="card__title">
              <AppLink to={href('projectDetail', { slug: item.slug })}>
                <Phrased text={item.title} phrases={item.titlePhrases} />
              </AppLink>
            </Heading>
            <p className="card__meta">
              {item.location} · {t('units.projects.completedYear', { year: item.completed.slice(0, 4) })}
            </p>
          </article>
        </li>
      ))}
    </ul>
  )
}

export function ProjectListPage({ data, meta }: PageProps<ProjectListData>) {
  const { t } = useI18n()
  return (
    <>
      <PageHeader title={meta.title ?? ''} lead={meta.description} />
      <div className="container section">
        <CategoryFilter action={PATHS.projects} categories={PROJECT_CATEGORIES} labelPrefix="units.projects.categories" selected={data.category} group="projects" />
        <p className="list-count" role="status">
          {t('units.projects.count', { count: data.items.length })}
        </p>
        <ProjectCards items={data.items} leadImage />
      </div>
    </>
  )
}

function Facts({ item }: { item: ProjectItem }) {
  const { t, locale } = useI18n()
  const rows: [string, string][] = [
    ['location', item.location],
    ['client', item.client],
    ['use', item.use],
    ['structure', item.structure],
    ['scale', item.scale],
    ['floorArea', formatArea(item.floorArea, locale)],
    ['period', t('units.projects.period', { start: formatMonth(item.periodStart, locale), end: formatMonth(item.periodEnd, locale) })],
    ['completed', formatLongDate(item.completed, locale)],
    ['scope', item.scope],
  ]
  return (
    <table className="facts">
      <caption>{t('units.projects.factsCaption')}</caption>
      <tbody>
        {rows.map(([key, value]) => (
          <tr key={key}>
            <th scope="row">{t(`units.projects.facts.${key}`)}</th>
            <td>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function ProjectDetailPage({ data }: { data: ProjectDetailData }) {
  const { t } = useI18n()
  const { item } = data
  return (
    <article className="article project">
      <PageHeader title={item.title} titlePhrases={item.titlePhrases} lead={item.summary} marks={isMarked(item) ? <PublicationBadge item={item} /> : undefined} />
      <div className="container section">
        <Picture image={item.cover} sizes={SIZES.detail} priority className="article__cover" />
        <div className="project__body">
          <div className="prose" dangerouslySetInnerHTML={{ __html: item.html }} />
          <Facts item={item} />
        </div>
        {item.gallery.length ? (
          <section className="gallery" aria-labelledby="gallery-title">
            <h2 id="gallery-title">{t('units.projects.gallery')}</h2>
            <ul className="gallery__grid">
              {item.gallery.map((image) => {
                const widths = imageWidths(image.width)
                return (
                  <li key={image.hash}>
                    <figure>
                      <a href={imageUrl(image, widths[widths.length - 1]!, 'jpg')} className="gallery__link">
                        <Picture image={{ ...image, alt: t('units.projects.openImage', { alt: image.alt }) }} sizes={SIZES.card} />
                      </a>
                      <figcaption>{image.alt}</figcaption>
                    </figure>
                  </li>
                )
              })}
            </ul>
          </section>
        ) : null}
        <p className="back-link">
          <AppLink to={PATHS.projects}>{t('units.projects.backToList')}</AppLink>
        </p>
      </div>
    </article>
  )
}
