import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from '../../shared/i18n/locales'
import { isBot, localizePath, negotiateLocale } from '../../shared/i18n/negotiate'
import { switchLocation } from '../../shared/alternates'
import { sameSiteTarget } from '../../shared/url-policy'
import type { Config } from '../config'
import type { BuildManifest } from '../render/manifest'
import { compiledMessagesJson } from '../i18n/compiled'
import { jsonError } from './errors'

interface LocalePluginOptions {
  config: Config
  manifest: BuildManifest
}

export function writeLocaleCookie(req: FastifyRequest, reply: FastifyReply, locale: Locale, crossSite: boolean): void {
  reply.setCookie(LOCALE_COOKIE.name, locale, {
    path: LOCALE_COOKIE.path,
    maxAge: LOCALE_COOKIE.maxAgeSeconds,
    expires: new Date(Date.now() + LOCALE_COOKIE.maxAgeSeconds * 1000),
    sameSite: crossSite ? 'none' : 'lax',
    secure: crossSite || req.protocol === 'https',
    httpOnly: false,
  })
}

/**
 * Locale negotiation (only the bare root negotiates), the no-JavaScript language switch
 * endpoint, and the messages endpoint of the client.
 */
export default fp<LocalePluginOptions>(
  async (app, { config, manifest }) => {
    app.get('/', async (req, reply) => {
      reply.header('vary', 'Cookie, Accept-Language').header('cache-control', 'private, no-cache')
      if (config.rootRedirect && !isBot(req.headers['user-agent'])) {
        const choice = negotiateLocale({ cookie: req.cookies[LOCALE_COOKIE.name], acceptLanguage: req.headers['accept-language'] })
        if (choice.source !== 'cookie') writeLocaleCookie(req, reply, choice.locale, config.localeCookieCrossSite)
        if (choice.locale !== DEFAULT_LOCALE) return reply.redirect(localizePath('/', choice.locale), 302)
      }
      return reply.renderPage('/')
    })

    // ?to= is one string; anything else (repeated, absent) goes home, as a missing one does.
    const schema = { querystring: { type: 'object', properties: { to: { type: 'string' } } } }
    app.get<{ Params: { code: string }; Querystring: { to?: string } }>('/_locale/:code', { schema, attachValidation: true }, async (req, reply) => {
      const to = req.validationError || req.query.to === undefined ? '/' : req.query.to
      reply.header('cache-control', 'no-store')
      const code = req.params.code
      if (!isLocale(code)) return reply.redirect(sameSiteTarget(to) ?? '/', 302)
      writeLocaleCookie(req, reply, code, config.localeCookieCrossSite)
      // The final Location is checked, not the input: a prefix stripped or added may change where it leads.
      return reply.redirect(switchLocation(to, code) ?? localizePath('/', code), 302)
    })

    app.get<{ Params: { buildId: string; locale: string } }>('/_i18n/:buildId/:locale/messages.json', async (req, reply) => {
      const { buildId, locale } = req.params
      if (buildId !== manifest.id || !isLocale(locale)) return jsonError(req, reply, 404)
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('application/json; charset=utf-8')
        .send(compiledMessagesJson(locale))
    })
  },
  { name: 'locale', dependencies: ['render'] },
)
