import { newsSummary, projectSummary } from '../../content'
import type { LoaderContext } from '../../routes/types'
import type { HomeData } from './home-page'

/** The hero, the services, the three latest news and three projects (the featured ones first). */
export function loadHome({ locale, content }: LoaderContext): HomeData {
  const all = content.listProjects(locale)
  const featured = all.filter((p) => p.featured)
  const hero = content.siteImage('hero')
  return {
    ...(hero ? { hero } : {}),
    services: content.services(locale),
    news: content.listNews(locale).slice(0, 3).map(newsSummary),
    projects: (featured.length ? featured : all).slice(0, 3).map(projectSummary),
  }
}
