import type { Translate } from '../i18n/messages'
import type { NavLink } from '../content'
import { findRoute, routeChain, type RouteDef } from '.'

export interface Crumb {
  label: string
  /** Locale-less path; the current page's path for the last crumb. */
  to: string
  current: boolean
}

/**
 * Crumbs from the route table: home, parents, then the current page's own title. A route whose data
 * names its crumbs (a content page: its ancestor pages) has home, those, then its title.
 */
export function crumbsFor(route: RouteDef<any>, data: unknown, currentPath: string, currentTitle: string, t: Translate): Crumb[] {
  const current: Crumb = { label: currentTitle, to: currentPath, current: true }
  if (route.crumbs) {
    const home = findRoute('home')!
    const links = [{ path: home.path, labelKey: home.labelKey }, ...route.crumbs(data)]
    return [...links.map((link) => ({ label: navLabel(link, t), to: link.path, current: false })), current]
  }
  const chain = routeChain(route.id)
  return chain.map((r, i) => (i === chain.length - 1 ? current : { label: t(r.labelKey), to: r.path, current: false }))
}

/** A navigation link's text: its own label, or its translation key's text. */
export function navLabel(link: NavLink, t: Translate): string {
  return 'label' in link ? link.label : t(link.labelKey)
}
