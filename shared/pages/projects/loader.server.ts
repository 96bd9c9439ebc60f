import { PROJECT_CATEGORIES, projectSummary, type ContentSource } from '../../content'
import type { LoaderContext } from '../../routes/types'
import { readListQuery } from '../list-query'
import type { ProjectDetailData, ProjectListData } from './projects-pages'

export function loadProjectList({ locale, search, content }: LoaderContext): ProjectListData | null {
  const query = readListQuery(search, PROJECT_CATEGORIES)
  if (!query || query.page !== 1) return null
  return {
    items: content
      .listProjects(locale)
      .filter((p) => !query.category || p.category === query.category)
      .map(projectSummary),
    category: query.category,
  }
}

export function loadProjectDetail({ locale, params, content }: LoaderContext): ProjectDetailData | null {
  const item = content.getProject(params.slug ?? '', locale)
  return item ? { item } : null
}

/** A project exists in the languages it is written in. */
export const projectLocales = (data: ProjectDetailData, content: ContentSource) => content.projectLocales(data.item.slug)
