// Passkeys through the staff endpoints (JSON, app.inject) with a software authenticator: enrolment with
// the one-time link, then sign-in with the discoverable credential; forged and replayed answers, other
// sites and disabled accounts refused; every attempt audited.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { createAccounts } from '../../../server/staff/accounts'
import { CLI_ACTOR } from '../../../server/db/actor'
import { SESSION_COOKIE } from '../../../server/staff/http/session'
import { generateKeyPairSync } from 'node:crypto'
import { SITE } from '../../helper'
import { SoftAuthenticator } from './soft-authenticator'
import { clock, entries, LOCAL, sessionCookie, staffApp, type Clock } from './web-helper'

const JSON_HEADERS = { ...LOCAL, 'content-type': 'application/json', origin: SITE }
const post = (app: FastifyInstance, url: string, body: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { ...JSON_HEADERS, ...headers }, payload: JSON.stringify(body) })

async function enrolled(app: FastifyInstance, time: Clock) {
  const accounts = createAccounts({ store: app.staffStore, siteUrl: SITE, now: time.now, sessionIdleMs: 1_800_000, sessionMaxMs: 43_200_000, auditRetentionMs: 1e10 })
  const { account, link } = await accounts.addAccount(CLI_ACTOR, { email: 'passkey@example.test', role: 'responder', name: '鍵 太郎' })
  const token = link.url.split('/').pop()!
  const authenticator = new SoftAuthenticator({ origin: SITE, rpID: new URL(SITE).hostname, userId: account.id })
  return { account, token, authenticator, accounts }
}

t.test('enrol a passkey with the link, then sign in with it', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const { account, token, authenticator } = await enrolled(app, time)
  const options = await post(app, `/admin/enrol/${token}/passkey-options`, {})
  t.equal(options.statusCode, 200)
  const { options: creation, challengeToken } = options.json()
  t.equal(creation.rp.id, 'www.example.test', 'the relying party is SITE_URL\'s host')
  t.equal(creation.authenticatorSelection.residentKey, 'required', 'a discoverable credential')
  const done = await post(app, `/admin/enrol/${token}/passkey`, { response: authenticator.create(creation.challenge), challengeToken, name: 'ノートPC' })
  t.same(done.json(), { ok: true, redirect: '/admin' })
  t.ok(sessionCookie(done).length >= 43, 'signed in')
  const stored = await app.staffStore.listPasskeys(account.id)
  t.same(stored.map((p) => [p.id, p.name]), [[authenticator.id, 'ノートPC']])
  t.equal((await post(app, `/admin/enrol/${token}/passkey-options`, {})).statusCode, 410, 'the link is used')

  time.advance(60_000)
  const signInOptions = (await post(app, '/admin/passkey/options', {})).json()
  t.same(signInOptions.options.allowCredentials ?? [], [], 'no address asked first (autofill)')
  const signedIn = await post(app, '/admin/passkey/sign-in', { response: authenticator.get(signInOptions.options.challenge), challengeToken: signInOptions.challengeToken, next: '/admin/sessions' })
  t.same(signedIn.json(), { ok: true, redirect: '/admin/sessions' })
  const cookie = sessionCookie(signedIn)
  t.not(cookie, sessionCookie(done), 'a new session')
  const home = await app.inject({ url: '/admin', headers: { ...LOCAL, cookie: `${SESSION_COOKIE}=${cookie}` } })
  t.match(home.body, '鍵 太郎')
  t.same((await app.staffStore.listAudit({ action: 'signin' })).map((a) => a.target).sort(), ['enrolment', 'passkey'])
})

t.test('forged, mismatched, cross-site and disabled: refused, audited, no session', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const { token, authenticator, accounts, account } = await enrolled(app, time)
  const { options, challengeToken } = (await post(app, `/admin/enrol/${token}/passkey-options`, {})).json()
  await post(app, `/admin/enrol/${token}/passkey`, { response: authenticator.create(options.challenge), challengeToken })
  const fresh = async () => (await post(app, '/admin/passkey/options', {})).json()
  const a = await fresh()
  const b = await fresh()
  const attempts: [string, object][] = [
    ['signed with another key', { response: authenticator.get(a.options.challenge, { key: generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey }), challengeToken: a.challengeToken }],
    ['the challenge of another token', { response: authenticator.get(a.options.challenge), challengeToken: b.challengeToken }],
    ['for another origin', { response: authenticator.get(a.options.challenge, { origin: 'https://evil.example' }), challengeToken: a.challengeToken }],
    ['no token', { response: authenticator.get(a.options.challenge) }],
    ['garbage', { response: 'x', challengeToken: 'y' }],
  ]
  for (const [what, body] of attempts) {
    const res = await post(app, '/admin/passkey/sign-in', body)
    t.equal(res.statusCode, 401, what)
    t.equal(sessionCookie(res), '', 'no session')
  }
  time.advance(5 * 60_000 + 1)
  const late = await post(app, '/admin/passkey/sign-in', { response: authenticator.get(b.options.challenge), challengeToken: b.challengeToken })
  t.equal(late.statusCode, 401, 'a challenge older than 5 minutes')
  const crossSite = await post(app, '/admin/passkey/sign-in', { response: authenticator.get(b.options.challenge), challengeToken: b.challengeToken }, { origin: 'https://evil.example' })
  t.equal(crossSite.statusCode, 403, 'from another site')
  t.same(crossSite.json(), { ok: false, statusCode: 403 }, 'JSON for a JSON endpoint')
  const throttled = await post(app, '/admin/passkey/sign-in', { response: authenticator.get(b.options.challenge), challengeToken: b.challengeToken })
  t.equal(throttled.statusCode, 429, 'guessing from one address is slowed')
  t.ok(Number(throttled.headers['retry-after']) >= 1)
  time.advance(10 * 60_000)
  await accounts.disable(CLI_ACTOR, account.email)
  const c = await fresh()
  t.equal((await post(app, '/admin/passkey/sign-in', { response: authenticator.get(c.options.challenge), challengeToken: c.challengeToken })).statusCode, 401, 'a disabled account')
  t.ok(entries(await app.staffStore.listAudit({ action: 'signin.failed' })) >= 7, 'failures audited')
})
