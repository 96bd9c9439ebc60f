/**
 * The address of a page's payload (its state and head tags, what client-side navigation loads instead
 * of the document). One spelling for both sides: the server answers these URLs, the browser asks for them.
 *   '/'                 -> '/_payload/{buildId}/index.json'
 *   '/en'               -> '/_payload/{buildId}/en.json'
 *   '/en/news?page=2'   -> '/_payload/{buildId}/en/news.json?page=2'
 */
export const PAYLOAD_PREFIX = '/_payload/'

/** The payload URL of a page path (with its locale prefix) and query. */
export function payloadUrl(buildId: string, pagePath: string, search = ''): string {
  return `${PAYLOAD_PREFIX}${encodeURIComponent(buildId)}${pagePath === '/' ? '/index' : pagePath}.json${search}`
}

/** The page path a payload URL's path names (the reverse of payloadUrl); null when it is not of that form. */
export function payloadPagePath(urlPath: string, buildId: string): string | null {
  const rest = urlPath.slice(PAYLOAD_PREFIX.length + buildId.length)
  if (!rest.startsWith('/') || !rest.endsWith('.json')) return null
  const path = rest.slice(0, -'.json'.length)
  if (path === '/index') return '/'
  if (path === '/' || path.endsWith('/') || path.includes('//')) return null
  return path
}
