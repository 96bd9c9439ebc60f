import type { ContentPage, NavLink, PageContent } from '../../content'
import { PageBody } from '../company/company-page'

export interface ContentPageData {
  page: ContentPage
  /** The breadcrumb between home and the page: every ancestor path that is a page of the site. */
  ancestors: NavLink[]
}

/** A page written in content/pages/ at its own path (the content page route): shown like the company pages. */
export function ContentPageView({ data }: { data: { page: PageContent } }) {
  return <PageBody page={data.page} />
}
