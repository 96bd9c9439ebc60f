import { createHash } from 'node:crypto'
import { THEME_HEAD_SCRIPT } from '../../../shared/theme'

/**
 * The staff pages' Content-Security-Policy: the public one (server/plugins/security-headers.ts)
 * made stricter: nothing by default, images only from the site (no data:), no <base> at all. The
 * one inline script (the theme) by its hash, as on the public pages. Passkeys need nothing here:
 * WebAuthn is not a fetch; its calls are allowed by the Permissions-Policy below.
 */
export const STAFF_CSP = [
  "default-src 'none'",
  `script-src 'self' 'sha256-${createHash('sha256').update(THEME_HEAD_SCRIPT).digest('base64')}'`,
  "style-src 'self'",
  "img-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "form-action 'self'",
  // The content editor's preview: an iframe of the staff area's own answer (POST …/preview).
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "object-src 'none'",
].join('; ')

/**
 * Every answer under /admin, whatever its status: never stored by any cache (a shared cache must
 * never hold a staff page, a browser's history neither), never indexed, no referrer beyond the
 * site (an enrolment link's token stays here), WebAuthn for this origin only.
 */
export const STAFF_HEADERS: Record<string, string> = {
  'cache-control': 'no-store',
  'x-robots-tag': 'noindex, nofollow',
  'content-security-policy': STAFF_CSP,
  'referrer-policy': 'same-origin',
  'permissions-policy':
    'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=(), publickey-credentials-get=(self), publickey-credentials-create=(self)',
}
