// Secrets stay out of the log: the app with its log captured; an enrolment through its one-time link,
// a signed preview link opened, the inbox searched for a visitor's name, and Fastify's own kinds of lines about
// those requests. The token, the link's signature and the name are nowhere in the log; the redacted paths are.
import t from 'tap'
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '../../../server/database'
import { loggedUrl, redactText } from '../../../server/logged-url'
import { createAccounts } from '../../../server/staff/accounts'
import { CLI_ACTOR } from '../../../server/db/actor'
import { build, FIXTURE_CONTENT, logCollector, SITE } from '../../helper'
import { tempDataDir } from '../contact/helper'
import { values } from '../inbox/inbox-helper'
import { clock, codeAt, field, FORM, LOCAL, postForm, sessionCookie } from './web-helper'
import { SESSION_COOKIE } from '../../../server/staff/http/session'
import { sqliteStores } from '../stores'

const VISITOR = '秘密山 花子'
const DRAFT = ['---', 'title: 下書き', 'date: "2026-12-20"', 'category: notice', 'excerpt: 概要。', 'draft: true', '---', '', '本文。', ''].join('\n')

t.test('an enrolment link, a signed preview link and an inbox search: none of their secrets in the log', async (t) => {
  const time = clock()
  const log = logCollector()
  const dataDir = tempDataDir(t)
  const contentDir = mkdtempSync(join(tmpdir(), 'log-secrets-'))
  t.teardown(() => rmSync(contentDir, { recursive: true, force: true }))
  cpSync(FIXTURE_CONTENT, contentDir, { recursive: true })
  writeFileSync(join(contentDir, 'news/2026-12-draft.ja.md'), DRAFT)
  const app = await build(t, { dataDir, contentDir, logLevel: 'info' }, { staff: { now: time.now }, logStream: log.stream })
  // What Fastify itself writes when asked to: its request line ({ req }) and its warning about a reply sent twice.
  app.addHook('onRequest', async (req) => {
    req.log.info({ req }, 'incoming request')
    req.log.warn(`Reply was already sent, did you forget to "return reply" in the "${req.raw.url}" (${req.raw.method}) route?`)
  })

  // An enrolment through its link (password and code): the link's token is the secret.
  const accounts = createAccounts({ store: app.staffStore, siteUrl: SITE, now: time.now, sessionIdleMs: 30 * 60_000, sessionMaxMs: 12 * 3_600_000, auditRetentionMs: 400 * 86_400_000 })
  const { link } = await accounts.addAccount(CLI_ACTOR, { email: 'new-admin@example.test', role: 'admin', name: '新人 管理者' })
  const enrolPath = new URL(link.url).pathname
  const token = enrolPath.split('/').at(-1)!
  const page = await app.inject({ url: enrolPath, headers: LOCAL })
  t.equal(page.statusCode, 200)
  const secret = new URL(/data-otpauth-uri="">([^<]+)</.exec(page.body)![1]!.replace(/&amp;/g, '&')).searchParams.get('secret')!
  const password = 'a long passphrase of mine 2026'
  const enrolled = await app.inject({
    method: 'POST',
    url: enrolPath,
    headers: FORM,
    payload: new URLSearchParams({ secretToken: field(page.body, 'secretToken'), password, confirm: password, code: await codeAt(secret, time.now()) }).toString(),
  })
  t.equal(enrolled.statusCode, 200, 'enrolled')
  const passkeyStep = await app.inject({ method: 'POST', url: `${enrolPath}/passkey-options`, headers: { ...LOCAL, 'content-type': 'application/json', origin: SITE }, payload: '{}' })
  t.equal(passkeyStep.statusCode, 410, 'a used link: its passkey step too')
  const session = { ...LOCAL, cookie: `${SESSION_COOKIE}=${sessionCookie(enrolled)}` }
  const csrf = field((await app.inject({ url: '/admin', headers: session })).body, '_csrf')

  // A signed preview link of a draft, opened by someone not signed in: the whole token (and its signature) is the secret.
  const made = await postForm(app, '/admin/content/news/2026-12-draft/preview-link', session, { _csrf: csrf, locale: 'ja', ttl: 'hour' })
  const previewPath = new URL(/id="preview-link-url"[^>]*value="([^"]+)"/.exec(made.body)![1]!.replace(/&amp;/g, '&')).pathname
  const previewToken = previewPath.split('/').at(-1)!
  const signature = previewToken.split('.').at(-1)!
  t.equal((await app.inject({ url: previewPath, headers: LOCAL })).statusCode, 200, 'the preview is shown')

  // The inbox searched for a visitor's name, signed in and (a bookmark) signed out.
  const store = sqliteStores(openDatabase(dataDir))
  t.teardown(() => store.close())
  await store.insert({ values: values({ name: VISITOR }), locale: 'ja', token: null, now: new Date(time.now()) })
  const search = `/admin/inquiries?q=${encodeURIComponent(VISITOR)}&status=new`
  const found = await app.inject({ url: search, headers: session })
  t.equal(found.statusCode, 200)
  t.match(found.body, VISITOR, 'the search finds the inquiry')
  const signedOut = await app.inject({ url: search, headers: LOCAL })
  t.equal(signedOut.statusCode, 303)
  t.equal((await app.inject({ url: signedOut.headers.location as string, headers: LOCAL })).statusCode, 200, 'the sign-in page, the search in its next=')

  const text = log.lines.map((l) => JSON.stringify(l)).join('\n')
  const forms = (s: string) => [s, encodeURIComponent(s), new URLSearchParams({ s }).toString().slice(2), encodeURIComponent(encodeURIComponent(s))]
  for (const [what, value] of [['the enrolment token', token], ['the preview link', previewToken], ["the link's signature", signature], ["the visitor's name", VISITOR]] as const) {
    t.notOk(forms(value).some((form) => text.includes(form)), `${what}: nowhere in the log`)
  }
  const urls = log.lines.filter((l) => l.msg === 'request').map((l) => l.url as string)
  t.ok(urls.includes('/admin/enrol/[Redacted]'), 'the enrolment path, its token redacted')
  t.ok(urls.includes('/admin/enrol/[Redacted]/passkey-options'), 'and its passkey step')
  t.ok(urls.includes('/admin/preview/[Redacted]'), 'the preview path, its token redacted')
  t.ok(urls.includes('/admin/inquiries?q&status'), 'the search: the parameter names, not their values')
  t.ok(urls.includes('/admin/sign-in?next'), 'the sign-in page: next= without the search it holds')
  const incoming = log.lines.filter((l) => l.msg === 'incoming request').map((l) => l.req.url as string)
  t.ok(incoming.includes('/admin/preview/[Redacted]'), "Fastify's own request line ({ req }) shows the logged URL")
  t.ok(log.lines.some((l) => l.level === 40 && l.msg.includes('"/admin/enrol/[Redacted]"')), "a framework's warning quotes the logged URL")
})

t.test('the logged form: secret segments however spelt, query names only, public URLs as sent, bounded, no controls', async (t) => {
  const cases: [string, string][] = [
    ['/admin/enrol/abc123', '/admin/enrol/[Redacted]'],
    ['/admin/enrol/abc123/passkey', '/admin/enrol/[Redacted]/passkey'],
    ['/admin/enrol/abc123/anything/else', '/admin/enrol/[Redacted]/anything/else'],
    ['/admin//%65nrol/abc123', '/admin/%65nrol/[Redacted]'],
    ['//admin/./Preview/news.a.ja.x.sig?x=1', '/admin/Preview/[Redacted]?x'],
    ['/admin/inquiries?q=%E5%B1%B1%E7%94%B0&page=2&%E5%B1%B1=1', '/admin/inquiries?q&page&[Redacted]'],
    ['/admin/inquiries/Q-1', '/admin/inquiries/Q-1'],
    ['/admin', '/admin'],
    ['/news?page=2&utm_source=x', '/news?page=2&utm_source=x'],
    ['/administration/x?y=1', '/administration/x?y=1'],
  ]
  for (const [url, logged] of cases) t.equal(loggedUrl(url), logged, url)
  t.equal(loggedUrl(`/${'a'.repeat(600)}`).length, 513, 'cut at 512 characters, with …')
  t.equal(loggedUrl('/admin/x\u001b[31m', 100), '/admin/x\\u001B[31m', 'control characters shown as escapes')
  t.equal(redactText('failed at https://www.example.test/admin/enrol/abc123 (GET); see "/admin/inquiries?q=x"'), 'failed at https://www.example.test/admin/enrol/[Redacted] (GET); see "/admin/inquiries?q"')
  t.equal(redactText('nothing here'), 'nothing here')
  t.equal(loggedUrl(loggedUrl('/admin/enrol/x?q=1&%E5%B1%B1=1')), loggedUrl('/admin/enrol/x?q=1&%E5%B1%B1=1'), 'written down twice, the same')
})
