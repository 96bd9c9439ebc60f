/**
 * THE table of the site's paths: every route's locale-less React Router pattern by route id, and the
 * other addresses pages link to (feeds, sitemap). Imports nothing, so any module (a page, a
 * component, the server) can read it at module level. No route path is written anywhere else
 * (test/structure.test.ts checks); links are built with href().
 */
export const PATHS = {
  home: '/',
  about: '/about',
  service: '/service',
  greeting: '/greeting',
  news: '/news',
  newsDetail: '/news/:slug',
  newsFeed: '/news/feed.xml',
  contact: '/contact',
  contactSuccess: '/contact/success',
  privacy: '/privacy-policy',
  terms: '/term-of-service',
  projects: '/construction-project',
  projectDetail: '/construction-project/:slug',
  /** Every path no other route takes: the pages of content/pages/ (React Router's splat). */
  contentPage: '*',
  sitemap: '/sitemap.xml',
  robots: '/robots.txt',
} as const

export type Paths = typeof PATHS
/** Ids of the paths a link can lead to (all but the content pages' catch-all). */
export type PathId = { [K in keyof Paths]: Paths[K] extends `/${string}` ? K : never }[keyof Paths]

/** The `:name` parameters of a pattern: '/news/:slug' -> 'slug'. */
export type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** href()'s arguments after the id: the params exactly when the pattern has some. */
export type HrefArgs<K extends PathId> = [ParamNames<Paths[K]>] extends [never] ? [] : [params: Record<ParamNames<Paths[K]>, string>]

/**
 * The locale-less path of a page: href('about') -> '/about', href('newsDetail', { slug: 'a b' }) ->
 * '/news/a%20b'. Throws when a parameter is missing or empty.
 */
export function href<K extends PathId>(id: K, ...[params]: HrefArgs<K>): string {
  return PATHS[id].replace(/:(\w+)/g, (_, name: string) => {
    const value = (params as Record<string, string> | undefined)?.[name]
    if (!value) throw Error(`href ${id}: no ${name}`)
    return encodeURIComponent(value)
  })
}

/** Whether a locale-less path (no query) matches a pattern: '/news/x' matches '/news/:slug'. */
export function matchesPattern(pattern: string, path: string): boolean {
  const want = pattern.split('/')
  const got = path.split('/')
  return want.length === got.length && want.every((part, i) => part === got[i] || (part[0] === ':' && !!got[i]))
}
