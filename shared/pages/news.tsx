import { useI18n } from '../i18n/context'
import type { NewsItem } from '../content'
import { AppLink } from '../components/app-link'
import { PageHeader } from '../components/page-header'
import { useRouteMeta } from './use-route-meta'

export interface NewsListData {
  items: NewsItem[]
}
export interface NewsDetailData {
  item: NewsItem
}

export function NewsListPage({ data }: { data: NewsListData }) {
  const { t } = useI18n()
  const meta = useRouteMeta()
  return (
    <>
      <PageHeader title={meta.title ?? ''} />
      <div className="container section">
        {data.items.length === 0 ? (
          <p>{t('units.news.empty')}</p>
        ) : (
          <ul className="news-list">
            {data.items.map((item) => (
              <li key={item.slug} className="news-list__item">
                <time dateTime={item.date}>{item.date.replaceAll('-', '.')}</time>
                <span className="badge">{item.category}</span>
                <AppLink to={`/news/${item.slug}`}>{item.title}</AppLink>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

export function NewsDetailPage({ data }: { data: NewsDetailData }) {
  const { item } = data
  return (
    <article className="article">
      <PageHeader title={item.title} lead={<time dateTime={item.date}>{item.date.replaceAll('-', '.')}</time>} />
      <div className="container section prose">
        <p>{item.body}</p>
      </div>
    </article>
  )
}
