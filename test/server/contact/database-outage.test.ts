// The site on PostgreSQL (DATABASE_URL) while the database goes away and comes back: pages keep
// serving, /readyz says 503 and recovers by itself, contact POSTs get the localised 503 with
// Retry-After (the form keeps what was typed), nothing is half-written, one warning per outage.
import t from 'tap'
import { ConfigError, loadConfig } from '../../../server/config'
import { buildApp } from '../../../server/app'
import { freePort, startPostgres } from '../../../scripts/engines.mjs'
import { build, logCollector, testConfig } from '../../helper'
import { formFields, freshToken, postForm, tempDataDir, validInquiry } from './helper'

t.test('DATABASE_URL without FORM_SECRET stops the start with one config line', async (t) => {
  const error = (() => {
    try {
      loadConfig({ DATABASE_URL: 'postgres://site@db:5432/site', NODE_ENV: 'test' })
    } catch (err) {
      return err as Error
    }
    return null
  })()
  t.ok(error instanceof ConfigError)
  t.match(error?.message, /^FORM_SECRET: required when DATABASE_URL is set/)
  t.notMatch(error?.message, /site@db/, 'the URL (it may hold a password) is not echoed')
  t.doesNotThrow(() => loadConfig({ DATABASE_URL: 'postgres://site@db:5432/site', FORM_SECRET: 'x'.repeat(32), NODE_ENV: 'test' }))
})

t.test('a database that cannot be reached at start stops the start with one DATABASE_URL line', async (t) => {
  const port = await freePort()
  const contact = { ...testConfig().contact, formSecret: 'shared-secret-of-all-replicas-0001' }
  const error = await buildApp(testConfig({ dataDir: tempDataDir(t), databaseUrl: `postgres://site@127.0.0.1:${port}/site`, contact })).then(
    () => null,
    (err: Error) => err,
  )
  t.ok(error instanceof ConfigError, 'a setup problem, not a crash with a stack')
  t.match(error?.message, /^DATABASE_URL: cannot open the inquiry database: .*ECONNREFUSED/)
})

t.test('PostgreSQL goes away and comes back', async (t) => {
  const postgres = await startPostgres({ own: true })
  t.teardown(() => postgres.stop())
  const log = logCollector()
  const contact = { ...testConfig().contact, minFillMs: 0, rateLimitMax: 1000, formSecret: 'shared-secret-of-all-replicas-0001' }
  const app = await build(t, { dataDir: tempDataDir(t), databaseUrl: postgres.url, contact, logLevel: 'info' }, { logStream: log.stream })
  const ready = async () => (await app.inject('/readyz')).statusCode

  t.equal(await ready(), 200)
  const ok = await app.inject({ method: 'POST', url: '/api/contact', payload: { ...validInquiry(), _token: await freshToken(app) } })
  t.equal(ok.statusCode, 201, 'stored in PostgreSQL')

  const tokenJa = await freshToken(app)
  const tokenEn = await freshToken(app, '/en/contact')
  await postgres.pause()

  // Pages do not need the database.
  for (const url of ['/', '/en', '/contact', '/en/contact']) t.equal((await app.inject(url)).statusCode, 200, `${url} still served`)
  const pollReady = async (want: number) => {
    for (let i = 0; i < 100; i++) {
      if ((await ready()) === want) return true
      await new Promise((done) => setTimeout(done, 100))
    }
    return false
  }
  t.ok(await pollReady(503), '/readyz: 503 while the database is down')
  t.match((await app.inject('/readyz')).json(), { status: 'unavailable', failing: ['database'] })
  const excluded = await app.inject('/readyz?exclude=database')
  t.equal(excluded.statusCode, 200, '/readyz?exclude=database (what a proxy in front of every replica asks): 200, pages keep flowing')
  t.equal((await app.inject('/readyz?exclude=redis,other')).statusCode, 503, 'excluding other checks changes nothing')

  const api = await app.inject({ method: 'POST', url: '/api/contact', payload: { ...validInquiry({ locale: 'en' }), _token: tokenEn } })
  t.equal(api.statusCode, 503)
  t.equal(api.headers['retry-after'], '30')
  t.match(api.json().message, /cannot be accepted at the moment/, 'in the body’s language')
  const apiJa = await app.inject({ method: 'POST', url: '/api/contact', payload: { ...validInquiry(), _token: tokenJa } })
  t.match(apiJa.json().message, /受け付けられません/)

  const form = await postForm(app, '/en/contact', { ...formFields({ message: 'Typed before the outage' }), _token: tokenEn, step: 'send' })
  t.equal(form.statusCode, 503, 'the form without JavaScript: 503')
  t.equal(form.headers['retry-after'], '30')
  t.match(form.body, /cannot be accepted at the moment/)
  t.match(form.body, /Typed before the outage/, 'what was typed is still in the form')
  t.match(form.headers['content-type'], /text\/html/)

  // Many refused POSTs, one warning.
  for (let i = 0; i < 10; i++) await app.inject({ method: 'POST', url: '/api/contact', payload: { ...validInquiry(), _token: tokenJa } })
  const warnings = log.lines.filter((l) => l.level === 40 && /inquiry database unreachable/.test(l.msg))
  t.equal(warnings.length, 1, 'one warning for the outage')
  t.equal(log.lines.filter((l) => l.level >= 50).length, 0, 'no error lines (no stack per request)')
  const others = log.lines.filter((l) => l.level === 40 && l.msg !== 'request' && !/^content warning|inquiry database unreachable/.test(l.msg))
  t.same(others.map((l) => l.err?.code ?? l.msg), [], 'no other warning (a refused POST is answered once: no "Reply was already sent")')
  t.equal(log.lines.filter((l) => l.msg === 'inquiry refused' && l.statusCode === 503).length, 13, 'one line per refused POST')

  await postgres.resume()
  t.ok(await pollReady(200), '/readyz: 200 again by itself')
  t.ok(log.lines.some((l) => l.level === 30 && /inquiry database reachable again/.test(l.msg)))
  const after = await app.inject({ method: 'POST', url: '/api/contact', payload: { ...validInquiry({ locale: 'en' }), _token: tokenEn } })
  t.equal(after.statusCode, 201, 'the same form sent again once the database is back is stored')
  const exported = await app.inject({ method: 'POST', url: '/api/contact', payload: { ...validInquiry({ locale: 'en' }), _token: tokenEn } })
  t.equal(exported.json().id, after.json().id, 'once: nothing half-written by the refused attempts')
})
