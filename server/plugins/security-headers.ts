import { createHash } from 'node:crypto'
import fp from 'fastify-plugin'
import { THEME_HEAD_SCRIPT } from '../../shared/theme'
import { SPECULATION_RULES } from '../../shared/speculation'
import helmet, { type HelmetOptions } from 'helmet'

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      // The inline scripts (the theme, before first paint; the speculation rules) are allowed by their hashes, not 'unsafe-inline'.
      scriptSrc: ["'self'", ...[THEME_HEAD_SCRIPT, SPECULATION_RULES].map((script) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`)],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
    },
  },
  // DENY agrees with frame-ancestors 'none' (for browsers that only know X-Frame-Options).
  xFrameOptions: { action: 'deny' },
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
  crossOriginEmbedderPolicy: false,
}

/**
 * The headers helmet sets for these options. They never vary by request (no nonces: the one inline
 * script is allowed by its hash), so helmet runs once, here, instead of once per request as
 * @fastify/helmet does (it rebuilds and re-validates the whole policy for every request).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const res = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)), removeHeader: () => {} }
  let failure: unknown
  helmet(options)({} as never, res as never, (err?: unknown) => void (failure = err))
  if (failure) throw failure
  return headers
}

/**
 * Security headers (helmet): a strict Content-Security-Policy without 'unsafe-inline' scripts
 * (one inline script, allowed by its hash; JSON state and JSON-LD are data), no framing, a
 * conservative referrer policy, COOP, and a Permissions-Policy. HSTS only over HTTPS, so a
 * plain-HTTP development server never pins browsers.
 */
export default fp(
  async (app) => {
    const headers = {
      ...helmetHeaders(HELMET_OPTIONS),
      'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()',
    }
    app.addHook('onRequest', (req, reply, done) => {
      reply.headers(headers)
      if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains')
      done()
    })
  },
  { name: 'security-headers' },
)
