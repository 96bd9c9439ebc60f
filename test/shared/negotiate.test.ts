import t from 'tap'
import { isBot, localeFromAcceptLanguage, localizePath, negotiateLocale, parseAcceptLanguage, splitLocalePath } from '../../shared/i18n/negotiate'

t.test('parseAcceptLanguage orders by quality, keeps order on ties, drops q=0 and junk', async (t) => {
  t.same(parseAcceptLanguage('fr;q=0.5, en-US, ja;q=0.8'), ['en-us', 'ja', 'fr'])
  t.same(parseAcceptLanguage('de, en'), ['de', 'en'])
  t.same(parseAcceptLanguage('en;q=0, ja'), ['ja'])
  t.same(parseAcceptLanguage(''), [])
  t.same(parseAcceptLanguage(undefined), [])
  t.same(parseAcceptLanguage(',,;q=abc'), [])
})

t.test('localeFromAcceptLanguage picks the first supported primary language', async (t) => {
  t.equal(localeFromAcceptLanguage('en-GB,ja;q=0.9'), 'en')
  t.equal(localeFromAcceptLanguage('fr, ja-JP;q=0.7, en;q=0.5'), 'ja')
  t.equal(localeFromAcceptLanguage('fr, de'), null)
  t.equal(localeFromAcceptLanguage('*'), null)
})

t.test('negotiateLocale: cookie, then Accept-Language, then fallback; bad cookies are ignored', async (t) => {
  t.same(negotiateLocale({ cookie: 'en', acceptLanguage: 'ja' }), { locale: 'en', source: 'cookie' })
  t.same(negotiateLocale({ cookie: 'ja', acceptLanguage: 'en' }), { locale: 'ja', source: 'cookie' })
  t.same(negotiateLocale({ cookie: 'fr', acceptLanguage: 'en' }), { locale: 'en', source: 'accept-language' })
  t.same(negotiateLocale({ cookie: '<script>', acceptLanguage: 'de' }), { locale: 'ja', source: 'fallback' })
  t.same(negotiateLocale({ acceptLanguage: 'de', fallback: 'en' }), { locale: 'en', source: 'fallback' })
})

t.test('splitLocalePath and localizePath are inverse for every form', async (t) => {
  t.same(splitLocalePath('/'), { locale: 'ja', prefix: '', path: '/' })
  t.same(splitLocalePath('/about'), { locale: 'ja', prefix: '', path: '/about' })
  t.same(splitLocalePath('/ja'), { locale: 'ja', prefix: '/ja', path: '/' })
  t.same(splitLocalePath('/ja/news/x'), { locale: 'ja', prefix: '/ja', path: '/news/x' })
  t.same(splitLocalePath('/en'), { locale: 'en', prefix: '/en', path: '/' })
  t.same(splitLocalePath('/en/about'), { locale: 'en', prefix: '/en', path: '/about' })
  t.same(splitLocalePath('/english'), { locale: 'ja', prefix: '', path: '/english' }, 'a prefix must be a whole segment')
  t.equal(localizePath('/', 'en'), '/en')
  t.equal(localizePath('/', 'ja'), '/')
  t.equal(localizePath('/about', 'en'), '/en/about')
  t.equal(localizePath('/about', 'ja'), '/about')
})

t.test('isBot matches crawlers and audit tools only', async (t) => {
  for (const ua of ['Googlebot/2.1', 'Mozilla/5.0 (compatible; bingbot/2.0)', 'Chrome-Lighthouse', 'facebookexternalhit/1.1', 'Google-InspectionTool', 'AdsBot-Google']) {
    t.ok(isBot(ua), ua)
  }
  for (const ua of ['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120 Safari/537.36', '', undefined]) {
    t.notOk(isBot(ua), String(ua))
  }
})
