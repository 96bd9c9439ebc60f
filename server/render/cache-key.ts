/**
 * The one key of a rendered page, in the page cache, the known-URL map and the form templates: the
 * public origin, the page's URL as sent (path and canonical query; a template adds its own suffix) and
 * the year (the footer's copyright line changes with it). The renderer derives a page's ETag from it.
 */
export function pageCacheKey(origin: string, url: string): string {
  return `${origin}|${url}|${new Date().getFullYear()}`
}
