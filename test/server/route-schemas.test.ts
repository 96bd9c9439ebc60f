// Route schemas: the routes that take a body or a query of their own declare it as a Fastify route
// schema, checked by the one AJV factory's instance (server/request-schemas.ts: the input as sent, no
// coercion, nothing removed), and a failure keeps the site's localised answers, never Fastify's JSON.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { build } from '../helper'
import { contactApp, validInquiry } from './contact/helper'

const post = (payload: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/api/contact',
  headers: { 'content-type': 'application/json', ...headers },
  payload: JSON.stringify(payload),
})

/** The schema each request's route declared (Fastify's route options), by URL. */
function routeSchemas(app: FastifyInstance): Map<string, unknown> {
  const seen = new Map<string, unknown>()
  app.addHook('onResponse', async (req) => void seen.set(req.url, req.routeOptions.schema))
  return seen
}

t.test('the contact API declares its body and the language switch its query as route schemas', async (t) => {
  const app = await build(t)
  const schemas = routeSchemas(app)
  await app.inject(post(validInquiry()))
  await app.inject('/_locale/en?to=/news')
  const body = (schemas.get('/api/contact') as { body?: { properties?: Record<string, unknown> } } | undefined)?.body
  t.ok(body?.properties?.message && body.properties.locale, 'POST /api/contact: body schema with the fields and locale')
  const query = (schemas.get('/_locale/en?to=/news') as { querystring?: { properties?: Record<string, unknown> } } | undefined)?.querystring
  t.ok(query?.properties?.to, 'GET /_locale/:code: querystring schema with to')
})

t.test('a route schema takes the input as sent and a failure answers the localised JSON error', async (t) => {
  const app = await build(t)
  // A route of the app's own kind: under /api, declared with a schema, answered by the one error handler.
  app.post('/api/schema-probe', { schema: { body: { type: 'object', additionalProperties: false, properties: { n: { type: 'integer' } } } } }, async (req) => ({ got: req.body }))
  const probe = (payload: unknown, lang = 'ja') => app.inject({ method: 'POST', url: '/api/schema-probe', headers: { 'content-type': 'application/json', 'accept-language': lang }, payload: JSON.stringify(payload) })
  t.same((await probe({ n: 5 })).json(), { got: { n: 5 } }, 'valid input passes unchanged')
  const coerced = await probe({ n: '5' })
  t.equal(coerced.statusCode, 400, "'5' is not an integer: not coerced")
  t.same(coerced.json(), { statusCode: 400, message: '不正なリクエスト' }, "the site's JSON error in the request's language")
  t.same((await probe({ n: '5' }, 'en')).json(), { statusCode: 400, message: 'Bad Request' }, 'in English for an English browser')
  t.notMatch(coerced.body, /FST_ERR_VALIDATION|body\/n/, "not Fastify's own validation answer")
  const extra = await probe({ n: 1, admin: true })
  t.equal(extra.statusCode, 400, 'an unknown property is refused, not silently removed')
  t.equal(coerced.headers['cache-control'], 'no-store')
})

t.test('contact API: values Fastify would coerce are still 400 in the body language', async (t) => {
  const { app } = await contactApp(t)
  for (const [what, override] of [
    ['a number for a text', { name: 5 }],
    ["'true' for the consent", { privacyConsent: 'true' }],
    ['a one-element list for a text', { message: ['text'] }],
    ['an unknown field', { admin: true }],
  ] as const) {
    const res = await app.inject(post(validInquiry({ ...override, locale: 'en' }), { 'accept-language': 'ja' }))
    t.equal(res.statusCode, 400, what)
    t.same(res.json(), { message: 'The request could not be read. Please reload the page and try again.' }, `${what}: the body's language`)
  }
})

t.test('contact API: a malformed body is counted by the rate limiter before it is refused, as before', async (t) => {
  const { app } = await contactApp(t, { rateLimitMax: 2, rateLimitWindowMs: 60_000 })
  t.equal((await app.inject(post(validInquiry({ name: 5 })))).statusCode, 400)
  t.equal((await app.inject(post(validInquiry({ name: 5 })))).statusCode, 400)
  const limited = await app.inject(post(validInquiry({ name: 5, locale: 'en' })))
  t.equal(limited.statusCode, 429, 'the third malformed request is over the budget of two')
  t.match(limited.json().message, /Too many requests/)
})

t.test('language switch: ?to= must be one string; anything else goes home as before', async (t) => {
  const app = await build(t)
  const to = async (query: string) => (await app.inject(`/_locale/en${query}`)).headers.location
  t.equal(await to('?to=/news'), '/en/news')
  t.equal(await to('?to=/news&to=/about'), '/en', 'repeated: home in the chosen language')
  t.equal(await to(''), '/en', 'absent: home')
  const invalid = await app.inject('/_locale/fr?to=/news&to=/about')
  t.equal(invalid.statusCode, 302)
  t.equal(invalid.headers.location, '/', 'an unknown language with a repeated ?to=: the home page')
})
