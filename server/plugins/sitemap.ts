import fp from 'fastify-plugin'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import type { Config } from '../config'
import { renderSitemap, sitemapEntries } from '../seo/sitemap'
import { renderAtom } from '../seo/feed'
import { absoluteUrl } from '../../shared/alternates'
import { localizePath } from '../../shared/i18n/negotiate'
import { catalog } from '../i18n/catalog'
import { createTranslator } from '../../shared/i18n/messages'
import { publicOrigin } from '../request-locale'
import { snapshotOf } from './content'
import { href, PATHS } from '../../shared/paths'

interface SitemapPluginOptions {
  config: Config
}

/** Sitemaps (/sitemap.xml for both languages, /ja/ and /en/ for their own), news feeds and /robots.txt. */
export default fp<SitemapPluginOptions>(
  async (app, { config }) => {
    const serve = (scope: readonly Locale[]) => async (req: any, reply: any) => {
      const xml = renderSitemap(sitemapEntries(snapshotOf(req).content, publicOrigin(req, config), scope))
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml)
    }
    app.get(PATHS.sitemap, serve(LOCALE_CODES))
    for (const code of LOCALE_CODES) app.get(`/${code}${PATHS.sitemap}`, serve([code]))

    // Atom feeds of the news: /news/feed.xml (the default language's) and /<code>/news/feed.xml for each.
    const feed = (code: Locale) => {
      const translate = createTranslator(code, catalog[code])
      return async (req: FastifyRequest, reply: FastifyReply) => {
        const content = snapshotOf(req).content
        const site = content.site(code)
        const title = translate('units.news.feed', { name: site.name })
        const origin = publicOrigin(req, config)
        const xml = renderAtom({
          self: absoluteUrl(origin, localizePath(PATHS.newsFeed, code)),
          list: absoluteUrl(origin, localizePath(PATHS.news, code)),
          title,
          author: site.name,
          lang: code,
          articleUrl: (slug) => absoluteUrl(origin, localizePath(href('newsDetail', { slug }), code)),
          items: content.listNews(code).slice(0, 20),
        })
        return reply.type('application/atom+xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml)
      }
    }
    app.get(PATHS.newsFeed, feed(DEFAULT_LOCALE))
    for (const code of LOCALE_CODES) app.get(`/${code}${PATHS.newsFeed}`, feed(code))

    app.get(PATHS.robots, async (req, reply) => {
      const origin = publicOrigin(req, config)
      const body = ['User-agent: *', 'Allow: /', 'Disallow: /_locale/', 'Disallow: /api/', '', `Sitemap: ${origin}${PATHS.sitemap}`, ''].join('\n')
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body)
    })
  },
  { name: 'sitemap', dependencies: ['content'] },
)
