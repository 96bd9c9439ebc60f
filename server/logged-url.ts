import { SECRET_PARAMS, STAFF_PATHS, STAFF_ROOT, isStaffPath } from '../shared/admin/paths'
import { decoded } from '../shared/url-policy'
import { printable } from '../shared/validation'

/**
 * What of a request's URL is written down (the request log, an error's log line, an audit entry's target).
 * Staff links carry secrets in their path (a one-time enrolment link's token, a signed preview link): whoever
 * reads the log must not be able to use them. And staff queries hold what was looked for (a visitor's name in
 * the inbox search). So a staff path keeps its shape with each secret segment replaced by [Redacted], and its
 * query keeps the parameter names without their values. Public URLs are kept as sent. Either way the text is
 * bounded and holds no control character.
 */

/** What stands for what was left out (the log's own censor for redacted fields is the same word). */
export const REDACTED = '[Redacted]'

/** The longest URL a log line keeps; more is cut, with '…'. */
export const LOGGED_URL_MAX = 512

/** A query parameter name is kept when it looks like one ('q', 'next', 'page'); anything else is a value sent as a name. */
const PLAIN_NAME = /^[A-Za-z0-9_.-]{1,40}$/

/**
 * Every staff path pattern with a secret parameter, as the segments before it (a parameter there matches
 * any segment) and where the secret stands: '/admin/enrol/:token/passkey' -> ['', 'admin', 'enrol'], 3.
 */
const SECRET_SEGMENTS = Object.values(STAFF_PATHS).flatMap((pattern) => {
  const parts = pattern.split('/')
  const at = parts.findIndex((part) => part.startsWith(':') && (SECRET_PARAMS as readonly string[]).includes(part.slice(1)))
  return at === -1 ? [] : [{ before: parts.slice(0, at), at }]
})

/**
 * A staff path with its secret segments replaced. The comparison ignores empty and '.' segments and how a
 * segment is spelt ('/admin//%65nrol/<token>' is still an enrolment link): such a path is written in its
 * plain form. A path with no secret is kept as it is.
 */
function redactStaffPath(path: string): string {
  const segments = path.split('/').filter((segment, i) => i === 0 || (segment !== '' && segment !== '.'))
  const plain = segments.map((segment) => (decoded(segment) ?? segment).toLowerCase())
  let found = false
  for (const { before, at } of SECRET_SEGMENTS) {
    if (segments.length <= at || !before.every((part, i) => part.startsWith(':') || part === plain[i])) continue
    segments[at] = REDACTED
    found = true
  }
  return found ? segments.join('/') : path
}

/** A staff query's parameter names, without their values ('q=山田&page=2' -> 'q&page'). */
function queryNames(search: string): string {
  return search
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const raw = pair.split('=')[0]!
      const name = decoded(raw) ?? raw
      return PLAIN_NAME.test(name) ? name : REDACTED
    })
    .join('&')
}

/**
 * THE form of a URL (path and query, as a request line sends it) that is written down: a staff URL without
 * its secrets and its query values, control characters shown as escapes, at most `max` characters.
 */
export function loggedUrl(url: string, max = LOGGED_URL_MAX): string {
  const q = url.indexOf('?')
  const path = q === -1 ? url : url.slice(0, q)
  let text = url
  // '//admin/…' too: a path the site refuses, but a link to it still carries the secret.
  if (isStaffPath(path.replace(/^\/+/, '/'))) text = redactStaffPath(path) + (q === -1 ? '' : `?${queryNames(url.slice(q + 1))}`)
  text = printable(text)
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** A staff URL inside a text: from the staff root to the first space, quote or angle bracket. */
const STAFF_URL_IN_TEXT = new RegExp(`${STAFF_ROOT.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}(?![^\\s"'<>/?])[^\\s"'<>]*`, 'g')

/**
 * A text that may quote a URL (an error's message or stack, a framework's warning) with every staff URL in it
 * in its logged form: what the logger does to each message, so that no line quotes a secret.
 */
export function redactText(text: string): string {
  return text.includes(STAFF_ROOT) ? text.replace(STAFF_URL_IN_TEXT, (url) => loggedUrl(url)) : text
}
