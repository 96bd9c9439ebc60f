/**
 * The site's URL policy, in one place: which spelling of a path is the page's own (every other spelling
 * is redirected to it) and which targets a redirect or a link built from a request may point at.
 *
 * The rule for targets: a target is a path on this site. After parsing it against the site's origin it
 * must still be on that origin, and neither the path as sent nor its percent-decoded form may begin with
 * two slashes or hold a backslash or a control character (browsers read '/\host' and '//host' as another
 * host, and some proxies decode before they forward). A target that breaks the rule is never sent:
 * the caller answers 404 or falls back to the home page.
 */

/** A fixed origin to parse against; never sent anywhere. */
const BASE = 'http://site.invalid'
/** Control characters (C0, DEL, C1), space and backslash: none of them is ever in a target we send. */
const UNSAFE_RAW = /[\u0000-\u0020\u007f-\u009f\\]/
/** The same in a decoded path, where a space is an ordinary character ('/news/a%20b'). */
const UNSAFE_DECODED = /[\u0000-\u001f\u007f-\u009f\\]/
/** Longest request URL the site answers; past this a request gets 414 before any other work. */
export const MAX_URL_LENGTH = 4096

/** A path (or one of its parts) percent-decoded, or null when its percent-encoding does not decode. */
export function decoded(path: string): string | null {
  try {
    return decodeURIComponent(path)
  } catch {
    return null
  }
}

function unsafePath(path: string): boolean {
  const plain = decoded(path)
  return plain === null || UNSAFE_DECODED.test(plain) || plain.startsWith('//') || path.startsWith('//')
}

/**
 * `target` ('/en/about?page=2') as a same-site path and query, or null when it would leave the site or
 * could be read as another host. Only path and query are kept (no fragment, never an origin).
 */
export function sameSiteTarget(target: string): string | null {
  if (!target.startsWith('/') || UNSAFE_RAW.test(target) || target.length > MAX_URL_LENGTH) return null
  const q = target.indexOf('?')
  if (unsafePath(q === -1 ? target : target.slice(0, q))) return null
  let url: URL
  try {
    url = new URL(target, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE || unsafePath(url.pathname)) return null
  return url.pathname + url.search
}

/** Percent-encodes a decoded path segment, leaving what RFC 3986 allows in a segment as it is. */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%(24|26|2B|2C|3B|3D|3A|40)/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

export type PathSpelling =
  /** The path is already in its normal form. */
  | { kind: 'normal' }
  /** Another spelling of a same-site path: redirect there (`onlyTrailingSlash`: the only difference is a final '/'). */
  | { kind: 'redirect'; location: string; onlyTrailingSlash: boolean }
  /** Percent-encoding that does not decode: 400. */
  | { kind: 'malformed' }
  /** A path that could be read as another host: never redirected, answered as not found. */
  | { kind: 'unsafe' }

/**
 * The normal spelling of a request path: dot segments resolved, runs of slashes collapsed, no trailing
 * slash (the root '/' excepted), each segment percent-encoded one way (unreserved characters plain,
 * upper-case hex). One page has one URL, so it has one cache entry and one canonical form.
 */
export function pathSpelling(url: string): PathSpelling {
  const q = url.indexOf('?')
  const path = q === -1 ? url : url.slice(0, q)
  const segments: string[] = []
  for (const raw of path.split('/')) {
    const segment = decoded(raw)
    if (segment === null) return { kind: 'malformed' }
    if (segment === '' || segment === '.') continue
    if (segment === '..') segments.pop()
    else segments.push(encodeSegment(segment))
  }
  const normal = '/' + segments.join('/')
  if (normal === path) return { kind: 'normal' }
  if (UNSAFE_RAW.test(path)) return { kind: 'unsafe' }
  const location = sameSiteTarget(normal + (q === -1 ? '' : url.slice(q)))
  if (location === null) return { kind: 'unsafe' }
  return { kind: 'redirect', location, onlyTrailingSlash: path.replace(/\/+$/, '') === normal }
}
