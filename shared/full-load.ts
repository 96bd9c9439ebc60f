import { PATHS, type ParamNames, type PathId, type Paths } from './paths'

/** Ids of the paths without a parameter: one exact address each. */
type FixedPathId = { [K in PathId]: [ParamNames<Paths[K]>] extends [never] ? K : never }[PathId]

/**
 * Routes a link must reach by a full document load, never by client-side navigation: the contact
 * form (fullLoad) and the per-visitor thank-you page (perVisitor). Kept here, beside the paths and
 * away from the route table, so links (app-link.tsx) need no page module; test/shared/paths.test.ts
 * checks it against the routes' own flags. Fixed paths only (a pattern would need matchesPattern).
 */
export const FULL_LOAD_IDS = ['contact', 'contactSuccess'] as const satisfies readonly FixedPathId[]

/** Whether a locale-less path (query allowed) names a route that client-side navigation must not handle. */
export function isFullLoadPath(to: string): boolean {
  const end = to.search(/[?#]/)
  const path = end === -1 ? to : to.slice(0, end)
  return FULL_LOAD_IDS.some((id) => PATHS[id] === path)
}
