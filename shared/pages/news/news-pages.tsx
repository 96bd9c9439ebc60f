import { NEWS_CATEGORIES, type NewsItem, type NewsSummary } from '../../content'
import { useI18n } from '../../i18n/context'
import type { PageProps } from '../../routes/types'
import { formatListDate, formatLongDate } from '../../format'
import { AppLink } from '../../components/app-link'
import { CategoryFilter, Pagination } from '../../components/list-controls'
import { PageHeader } from '../../components/page-header'
import { Phrased } from '../../components/phrased'
import { Picture, SIZES } from '../../components/picture'
import { PublicationBadge } from '../../components/publication-badge'
import { listSearch } from '../list-query'
import { href, PATHS } from '../../paths'

export const NEWS_PER_PAGE = 10

export interface NewsListData {
  items: NewsSummary[]
  page: number
  pages: number
  total: number
  category: string | null
}

export interface NewsDetailData {
  item: NewsItem
  newer: Pick<NewsItem, 'slug' | 'title'> | null
  older: Pick<NewsItem, 'slug' | 'title'> | null
}

export const newsListSearch = (d: NewsListData) => listSearch(d)

/** Date, category chip and title rows (the list page and the home page). */
export function NewsRows({ items }: { items: NewsSummary[] }) {
  const { t } = useI18n()
  if (items.length === 0) return <p>{t('units.news.empty')}</p>
  return (
    <ul className="news-list">
      {items.map((item) => (
        <li key={item.slug} className="news-list__item">
          <time dateTime={item.date}>{formatListDate(item.date)}</time>
          <span className="badge">{t(`units.news.categories.${item.category}`)}</span>
          <AppLink to={href('newsDetail', { slug: item.slug })} className="news-list__title">
            <PublicationBadge item={item} />
            <Phrased text={item.title} phrases={item.titlePhrases} />
          </AppLink>
        </li>
      ))}
    </ul>
  )
}

export function NewsListPage({ data, meta }: PageProps<NewsListData>) {
  const { t } = useI18n()
  return (
    <>
      <PageHeader title={meta.title ?? ''} />
      <div className="container section">
        <CategoryFilter action={PATHS.news} categories={NEWS_CATEGORIES} labelPrefix="units.news.categories" selected={data.category} group="news" />
        <p className="list-count" role="status">
          {t('units.news.count', { count: data.total })}
        </p>
        <NewsRows items={data.items} />
        <Pagination path={PATHS.news} page={data.page} pages={data.pages} category={data.category} />
      </div>
    </>
  )
}

/** The link to the next newer or older article, if there is one. */
function PagerLink({ item, rel }: { item: NewsDetailData['newer']; rel: 'newer' | 'older' }) {
  const { t } = useI18n()
  if (!item) return null
  return (
    <AppLink to={href('newsDetail', { slug: item.slug })} className={`pager__${rel}`}>
      <span className="pager__label">{t(`units.news.${rel}`)}</span> {item.title}
    </AppLink>
  )
}

export function NewsDetailPage({ data }: { data: NewsDetailData }) {
  const { t, locale } = useI18n()
  const { item } = data
  return (
    <article className="article">
      <header className="page-header">
        <div className="container">
          <p className="article__meta">
            <time dateTime={item.date}>{formatLongDate(item.date, locale)}</time>
            <span className="badge">{t(`units.news.categories.${item.category}`)}</span>
            <PublicationBadge item={item} />
          </p>
          <h1 className="page-title" id="page-title">
            <Phrased text={item.title} phrases={item.titlePhrases} />
          </h1>
        </div>
      </header>
      <div className="container section">
        {item.cover ? <Picture image={item.cover} sizes={SIZES.detail} priority className="article__cover" /> : null}
        <div className="prose" dangerouslySetInnerHTML={{ __html: item.html }} />
        <nav className="pager" aria-label={t('units.pagination.label')}>
          <PagerLink item={data.newer} rel="newer" />
          <PagerLink item={data.older} rel="older" />
        </nav>
        <p className="back-link">
          <AppLink to={PATHS.news}>{t('units.news.backToList')}</AppLink>
        </p>
      </div>
    </article>
  )
}
