import { createHash } from 'node:crypto'
import fp from 'fastify-plugin'
import { THEME_HEAD_SCRIPT } from '../../shared/theme'
import helmet from '@fastify/helmet'

/**
 * Security headers (helmet): a strict Content-Security-Policy without 'unsafe-inline' scripts
 * (one inline script, allowed by its hash; JSON state and JSON-LD are data), no framing, a
 * conservative referrer policy, COOP, and a Permissions-Policy. HSTS only over HTTPS, so a
 * plain-HTTP development server never pins browsers.
 */
export default fp(
  async (app) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // The one inline script (the theme, before first paint) is allowed by its hash, not 'unsafe-inline'.
          scriptSrc: ["'self'", `'sha256-${createHash('sha256').update(THEME_HEAD_SCRIPT).digest('base64')}'`],
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
      strictTransportSecurity: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
      crossOriginOpenerPolicy: { policy: 'same-origin' },
      crossOriginResourcePolicy: { policy: 'same-origin' },
      crossOriginEmbedderPolicy: false,
    })
    app.addHook('onSend', async (req, reply, payload) => {
      reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()')
      if (req.protocol === 'https') reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains')
      return payload
    })
  },
  { name: 'security-headers' },
)
