import type { LayoutOptions, MetaArgs, RouteDef, RouteMeta } from './types'

/** The usual page frame: concrete white background, default column, breadcrumb. */
export const BASE_LAYOUT: LayoutOptions = { background: 'default', width: 'default', breadcrumb: true }

/** Identity helper that keeps each route's data type while the table holds RouteDef<any>. */
export function route<D>(def: RouteDef<D>): RouteDef<D> {
  return def
}

/** Title and description from the page titles (titles.pages.<key>.*), for pages whose texts are fixed. */
export function pageMeta(key: string) {
  return ({ t }: MetaArgs<unknown>): RouteMeta => ({
    title: t(`titles.pages.${key}.title`),
    description: t(`titles.pages.${key}.description`),
  })
}
