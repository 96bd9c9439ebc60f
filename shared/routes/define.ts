import { PATHS, type Paths } from '../paths'
import type { LayoutOptions, MetaArgs, RouteDef, RouteMeta } from './types'

/** The usual page frame: concrete white background, default column, breadcrumb. */
export const BASE_LAYOUT: LayoutOptions = { background: 'default', width: 'default', breadcrumb: true }

/** A route as its module writes it: no path of its own, its id names its path in PATHS (shared/paths.ts). */
export type RouteInput<D> = Omit<RouteDef<D>, 'id' | 'path'> & { id: keyof Paths }

/** A route with the path PATHS gives its id; keeps each route's data type while the table holds RouteDef<any>. */
export function route<D>(def: RouteInput<D>): RouteDef<D> {
  return { ...def, path: PATHS[def.id] }
}

/** Title and description from the page titles (titles.pages.<key>.*), for pages whose texts are fixed. */
export function pageMeta(key: string) {
  return ({ t }: MetaArgs<unknown>): RouteMeta => ({
    title: t(`titles.pages.${key}.title`),
    description: t(`titles.pages.${key}.description`),
  })
}
