import { useI18n } from '../i18n/context'
import type { ProjectItem } from '../content'
import { AppLink } from '../components/app-link'
import { PageHeader } from '../components/page-header'
import { useRouteMeta } from './use-route-meta'

export interface ProjectListData {
  items: ProjectItem[]
}
export interface ProjectDetailData {
  item: ProjectItem
}

export function ProjectListPage({ data }: { data: ProjectListData }) {
  const { t } = useI18n()
  const meta = useRouteMeta()
  return (
    <>
      <PageHeader title={meta.title ?? ''} />
      <div className="container section">
        {data.items.length === 0 ? (
          <p>{t('units.projects.empty')}</p>
        ) : (
          <ul className="card-grid">
            {data.items.map((item) => (
              <li key={item.slug} className="card">
                <AppLink to={`/construction-project/${item.slug}`}>{item.title}</AppLink>
                <p>{item.location}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  )
}

export function ProjectDetailPage({ data }: { data: ProjectDetailData }) {
  const { item } = data
  return (
    <article className="article">
      <PageHeader title={item.title} lead={item.summary} />
      <div className="container section prose">
        <p>{item.body}</p>
      </div>
    </article>
  )
}
