import fp from 'fastify-plugin'
import type { ContentSource } from '../../shared/content'
import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import type { Config } from '../config'
import { renderSitemap, sitemapEntries } from '../seo/sitemap'
import { publicOrigin } from '../request-locale'

interface SitemapPluginOptions {
  config: Config
  content: ContentSource
}

/** /sitemap.xml (both languages), /ja/sitemap.xml and /en/sitemap.xml (their own), and /robots.txt. */
export default fp<SitemapPluginOptions>(
  async (app, { config, content }) => {
    const serve = (scope: readonly Locale[]) => async (req: any, reply: any) => {
      const xml = renderSitemap(sitemapEntries(content, publicOrigin(req, config.siteUrl), scope))
      return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml)
    }
    app.get('/sitemap.xml', serve(LOCALE_CODES))
    for (const code of LOCALE_CODES) app.get(`/${code}/sitemap.xml`, serve([code]))

    app.get('/robots.txt', async (req, reply) => {
      const origin = publicOrigin(req, config.siteUrl)
      const body = ['User-agent: *', 'Allow: /', 'Disallow: /_locale/', 'Disallow: /api/', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
      return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(body)
    })
  },
  { name: 'sitemap' },
)
