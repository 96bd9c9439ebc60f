import type { ComponentType } from 'react'
import { isLazy } from '../lazy-component'
import { aboutRoute, greetingRoute, privacyRoute, serviceRoute, termsRoute } from '../pages/company/route'
import { contactRoute, contactSuccessRoute } from '../pages/contact/route'
import { contentPageRoute } from '../pages/content-page/route'
import { homeRoute } from '../pages/home/route'
import { newsDetailRoute, newsRoute } from '../pages/news/route'
import { projectDetailRoute, projectsRoute } from '../pages/projects/route'
import type { PageProps, RouteDef } from './types'

export type * from './types'
export type * from './page-form'

/** Slugs of detail routes; anything else is a 404 before the loader runs. */
export const SLUG_PATTERN = /^[A-Za-z0-9_-]+$/

/**
 * THE route table: server rendering, client hydration, menus, breadcrumbs and sitemaps all read it.
 * Each route comes from its page family's folder (shared/pages/<family>/route.ts); a new kind of
 * page is a new family folder, its path in shared/paths.ts and its route here (the order is the
 * sitemaps' order). A page written in content/pages/ needs none (the content page route serves it).
 * Menus are the content's (site.yml).
 */
export const routes: RouteDef<any>[] = [
  homeRoute,
  aboutRoute,
  serviceRoute,
  greetingRoute,
  newsRoute,
  newsDetailRoute,
  contactRoute,
  contactSuccessRoute,
  privacyRoute,
  termsRoute,
  projectsRoute,
  projectDetailRoute,
  // Last: every other path is looked up in content/pages/ (a 404 when no page has it).
  contentPageRoute,
]

/** The route's page component, or undefined while its chunk is not loaded. */
export function routeComponent<D>(route: RouteDef<D>): ComponentType<PageProps<D>> | undefined {
  return isLazy(route.Component) ? route.Component.loaded : route.Component
}

/** Loads the route's code chunk if it has one (rejects when the chunk cannot be fetched). */
export async function loadRouteComponent(route: RouteDef<any>): Promise<void> {
  if (isLazy(route.Component)) await route.Component.load()
}

/** Source paths of the route's chunks (keys of the build manifest's `chunks`). */
export function routeModules(route: RouteDef<any>): string[] {
  return isLazy(route.Component) ? [route.Component.module] : []
}

export function findRoute(id: string | null | undefined): RouteDef<any> | undefined {
  return routes.find((r) => r.id === id)
}

/** Breadcrumb chain from home to the route (inclusive). */
export function routeChain(id: string): RouteDef<any>[] {
  const chain: RouteDef<any>[] = []
  let current = findRoute(id)
  while (current) {
    chain.unshift(current)
    if (current.id === 'home') break
    current = findRoute(current.parent ?? 'home')
  }
  return chain
}
