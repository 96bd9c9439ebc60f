import { ProjectDetailPage, ProjectListPage, projectListSearch, type ProjectDetailData, type ProjectListData } from './projects-pages'
import { loadProjectDetail, loadProjectList, projectLocales } from './loader.server'
import { BASE_LAYOUT, pageMeta, route } from '../../routes/define'

/** The construction projects, by category. */
export const projectsRoute = route<ProjectListData>({
  id: 'projects',
  Component: ProjectListPage,
  loader: loadProjectList,
  meta: pageMeta('projects'),
  labelKey: 'units.nav.projects',
  layout: BASE_LAYOUT,
  sitemap: 'page',
  canonicalSearch: projectListSearch,
})

/** One project (content/projects/<slug>.<lang>.md), in the languages it is written in. */
export const projectDetailRoute = route<ProjectDetailData>({
  id: 'projectDetail',
  slugParam: 'slug',
  Component: ProjectDetailPage,
  loader: loadProjectDetail,
  meta: ({ data }) => ({ title: data.item.title, description: data.item.summary, image: data.item.cover }),
  labelKey: 'units.nav.projects',
  parent: 'projects',
  layout: { ...BASE_LAYOUT, width: 'wide' },
  sitemap: { list: 'listProjects', lastmod: 'completed' },
  locales: projectLocales,
})
