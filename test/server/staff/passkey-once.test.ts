// A passkey answer counts once (server/staff/passkey-steps.ts), through the real app with a software
// authenticator, on two app instances ("replicas") sharing one database: two on one SQLite DATA_DIR, and
// two on one throwaway PostgreSQL (scripts/engines.mjs). A captured sign-in answer sent three times at
// once starts one session; sent again later to the other replica, it is refused; so is a confirmation
// answer, and a registration answer of a passkey removed since. The retention sweep forgets the
// challenges once their tokens expired.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { startPostgres } from '../../../scripts/engines.mjs'
import { SESSION_COOKIE } from '../../../server/staff/http/session'
import { SITE } from '../../helper'
import { replicaEngines } from './replica-helper'
import { SoftAuthenticator } from './soft-authenticator'
import { addAccount, clock, LOCAL, postForm, postJson, sessionCookie, signIn, withPasskey } from './web-helper'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

const MIN = 60_000

/** A sign-in answer as the browser sends it: options from `app`, signed by the authenticator. */
async function signInAnswer(app: FastifyInstance, authenticator: SoftAuthenticator) {
  const { options, challengeToken } = (await postJson(app, '/admin/passkey/options', LOCAL, '', {})).json()
  return { response: authenticator.get(options.challenge), challengeToken, next: '/admin' }
}

const signInWith = (app: FastifyInstance, answer: object) => postJson(app, '/admin/passkey/sign-in', LOCAL, '', answer)

for (const engine of replicaEngines(postgres, 'passkey_once')) {
  t.test(`${engine.name}: two replicas on one database`, async (t) => {
    for (const counter of [0, 41]) {
      t.test(`one sign-in answer sent three times at once to both replicas: one session (counter ${counter ? 'kept' : 'always 0'})`, async (t) => {
        const time = clock()
        const [a, b] = await engine.replicas(t, time)
        const who = await addAccount(a, time, 'responder')
        const answer = await signInAnswer(a, await withPasskey(a, who, time.now(), counter))
        const results = await Promise.all([a, b, a].map((app) => signInWith(app, answer)))
        t.same(results.map((r) => r.statusCode).sort(), [200, 401, 401], 'one 200, two 401')
        t.equal(results.filter((r) => sessionCookie(r) !== '').length, 1, 'one session cookie')
        t.equal((await b.staffStore.listSessions(who.account.id)).length, 1, 'one session in the database')
        t.equal((await a.staffStore.listAudit({ action: 'signin' })).length, 1)
        t.match(await a.staffStore.listAudit({ action: 'signin.failed' }), [
          { accountId: who.account.id, target: 'passkey', outcome: 'failed' },
          { accountId: who.account.id, target: 'passkey', outcome: 'failed' },
        ], 'the two refused, audited')
      })
    }

    t.test('an answer used on one replica is refused on the other, and on itself, later', async (t) => {
      const time = clock()
      const [a, b] = await engine.replicas(t, time)
      const who = await addAccount(a, time, 'responder')
      const answer = await signInAnswer(b, await withPasskey(a, who, time.now()))
      t.equal((await signInWith(b, answer)).statusCode, 200, 'signed in on B')
      time.advance(MIN)
      const onA = await signInWith(a, answer)
      t.equal(onA.statusCode, 401, 'the same answer on A: refused')
      t.equal(sessionCookie(onA), '', 'no session')
      t.equal((await signInWith(b, answer)).statusCode, 401, 'and on B again')
      t.equal((await a.staffStore.listSessions(who.account.id)).length, 1)
      t.equal((await a.staffStore.listAudit({ action: 'signin.failed' })).length, 2, 'audited')
    })

    t.test('a confirmation answer counts once: sent again to the other replica, refused', async (t) => {
      const time = clock()
      const [a, b] = await engine.replicas(t, time)
      const who = await addAccount(a, time, 'admin')
      const authenticator = await withPasskey(a, who, time.now())
      const session = await signIn(a, time, who)
      time.advance(10 * MIN)
      const { options, challengeToken } = (await postJson(a, '/admin/confirm/passkey-options', session.headers, session.csrf, {})).json()
      const answer = { response: authenticator.get(options.challenge), challengeToken, next: '/admin/security' }
      const confirmed = await postJson(a, '/admin/confirm/passkey', session.headers, session.csrf, answer)
      t.same(confirmed.json(), { ok: true, redirect: '/admin/security' }, 'confirmed on A')
      // The session's cookie after the confirmation (a new one, should the confirmation start one).
      const headers = sessionCookie(confirmed) ? { ...LOCAL, cookie: `${SESSION_COOKIE}=${sessionCookie(confirmed)}` } : session.headers
      time.advance(MIN)
      const replayed = await postJson(b, '/admin/confirm/passkey', headers, session.csrf, answer)
      t.equal(replayed.statusCode, 401, 'the same answer on B: refused')
      t.match(await a.staffStore.listAudit({ action: 'reauth.failed' }), [{ accountId: who.account.id, target: 'passkey', outcome: 'failed' }], 'audited')
      t.equal((await a.staffStore.listAudit({ action: 'reauth' })).length, 1, 'one confirmation')
    })

    t.test('a registration answer counts once: a passkey removed is not added back by sending its answer again', async (t) => {
      const time = clock()
      const [a, b] = await engine.replicas(t, time)
      const who = await addAccount(a, time, 'editor')
      const session = await signIn(a, time, who)
      const authenticator = new SoftAuthenticator({ origin: SITE, rpID: new URL(SITE).hostname, userId: who.account.id })
      const { options, challengeToken } = (await postJson(a, '/admin/security/passkey-options', session.headers, session.csrf, {})).json()
      const answer = { response: authenticator.create(options.challenge), challengeToken, name: 'Laptop' }
      t.equal((await postJson(a, '/admin/security/passkey', session.headers, session.csrf, answer)).statusCode, 200, 'added on A')
      const removed = await postForm(a, '/admin/security', session.headers, { _csrf: session.csrf, op: 'remove', passkey: authenticator.id, confirmed: '1' })
      t.match(removed.body, 'data-notice="removed"')
      const replayed = await postJson(b, '/admin/security/passkey', session.headers, session.csrf, answer)
      t.same([replayed.statusCode, replayed.json()], [400, { ok: false, reason: 'passkey' }], 'the same answer on B: refused')
      t.same(await b.staffStore.listPasskeys(who.account.id), [], 'not added back')
      t.match(await a.staffStore.listAudit({ action: 'passkey.add' }), [{ outcome: 'failed' }, { outcome: 'ok' }], 'audited')
    })

    t.test('the retention sweep forgets a challenge once its token expired, not before', async (t) => {
      const time = clock()
      const [a, b] = await engine.replicas(t, time)
      const who = await addAccount(a, time, 'responder')
      t.equal((await signInWith(a, await signInAnswer(a, await withPasskey(a, who, time.now())))).statusCode, 200)
      time.advance(5 * MIN)
      t.match(await b.staffArea.retention.run(), { challenges: 0 }, 'its token still opens: kept')
      time.advance(1)
      t.match(await b.staffArea.retention.run(), { challenges: 1 }, 'expired: removed')
    })
  })
}
