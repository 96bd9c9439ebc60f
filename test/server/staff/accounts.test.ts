// The accounts service (server/staff/accounts.ts) over a real SQLite store, with an injected clock.
import t from 'tap'
import { createHash } from 'node:crypto'
import { openDatabase } from '../../../server/database'
import { AccountsError, createAccounts, ENROLMENT_LINK_MS, normaliseEmail } from '../../../server/staff/accounts'
import { CLI_ACTOR } from '../../../server/db/actor'
import type { Session } from '../../../server/staff/types'
import { tempDataDir } from '../contact/helper'
import { sqliteStores } from '../stores'

const SITE = 'https://www.example.co.jp'
const MIN = 60_000
const DAY = 1440 * MIN
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

function setup(t: { teardown: (fn: () => unknown) => void }) {
  const dir = tempDataDir(t)
  const db = openDatabase(dir)
  const inquiries = sqliteStores(db)
  t.teardown(() => inquiries.close())
  const clock = { now: Date.UTC(2026, 3, 1) }
  const accounts = createAccounts({ store: inquiries.staff, siteUrl: SITE, now: () => clock.now, sessionIdleMs: 30 * MIN, sessionMaxMs: 720 * MIN, auditRetentionMs: 400 * DAY })
  return { db, store: inquiries.staff, accounts, clock }
}

const refusal = (promise: Promise<unknown>) => promise.then(() => null, (err) => (err instanceof AccountsError ? err.reason : err))
const session = (idHash: string, accountId: string, at: number): Session => ({ idHash, accountId, createdAt: at, lastSeenAt: at, verifiedAt: at, csrfToken: 'c', userAgent: 'ua', address: '192.0.2.1' })

t.test('add: the email normalised, a one-time link of 32 random bytes, stored only as its hash, for 24 hours', async (t) => {
  const { db, store, accounts, clock } = setup(t)
  const start = clock.now
  const { account, link } = await accounts.addAccount(CLI_ACTOR, { email: '  Taro.Yamada@Example.CO.JP ', role: 'admin', name: ' 山田 太郎 ' })
  t.match(account, { email: 'taro.yamada@example.co.jp', role: 'admin', name: '山田 太郎', locale: 'ja', disabled: false, createdAt: start })
  const token = new RegExp(`^${SITE}/admin/enrol/([A-Za-z0-9_-]{43})$`).exec(link.url)?.[1]
  t.ok(token, `a link under /admin/enrol/: ${link.url}`)
  t.equal(link.expiresAt, start + ENROLMENT_LINK_MS)
  t.same(await store.findEnrolmentLink(sha256(token!)), { tokenHash: sha256(token!), accountId: account.id, createdAt: start, expiresAt: start + 24 * 60 * MIN, usedAt: null })
  const dump = JSON.stringify(db.prepare('SELECT * FROM staff_enrolment_links').all()) + JSON.stringify(db.prepare('SELECT * FROM staff_audit').all())
  t.notMatch(dump, token!, 'the token itself is stored nowhere')
  t.same(
    (await store.listAudit({})).map((e) => [e.action, e.accountId, e.address, e.target, e.at]),
    [
      ['enrolment.create', null, 'cli', `account:${account.id}`, start],
      ['account.add', null, 'cli', `account:${account.id}`, start],
    ],
  )
  const second = await accounts.addAccount(CLI_ACTOR, { email: 'hanako@example.com', role: 'responder', name: '' })
  t.not(second.link.url, link.url, 'every link is new')
  t.equal(await store.useEnrolmentLink(sha256(token!), start + ENROLMENT_LINK_MS - 1), account.id, 'usable until it expires')
  t.equal(await store.useEnrolmentLink(sha256(token!), start + 1), null, 'once')
})

t.test('add: bad input refused with a reason; a duplicate email (any case) refused, no audit row', async (t) => {
  const { store, accounts } = setup(t)
  for (const email of ['', 'taro', 'taro@', '@example.com', 'ta ro@example.com', 'a@b@c', `${'x'.repeat(250)}@example.com`]) {
    t.equal(await refusal(accounts.addAccount(CLI_ACTOR, { email, role: 'editor', name: '' })), 'invalid-email', JSON.stringify(email))
  }
  t.equal(await refusal(accounts.addAccount(CLI_ACTOR, { email: 'a@example.com', role: 'root', name: '' })), 'invalid-role')
  t.equal(await refusal(accounts.addAccount(CLI_ACTOR, { email: 'a@example.com', role: 'editor', name: 'x'.repeat(101) })), 'invalid-name')
  t.equal(await refusal(accounts.addAccount(CLI_ACTOR, { email: 'a@example.com', role: 'editor', name: 'Evil\u001B[2J' })), 'invalid-name')
  t.same(await store.listAccounts(), [], 'nothing stored')
  await accounts.addAccount(CLI_ACTOR, { email: 'a@example.com', role: 'editor', name: '' })
  const before = await store.listAudit({})
  const err = await accounts.addAccount(CLI_ACTOR, { email: 'A@Example.com', role: 'admin', name: '' }).catch((e) => e)
  t.ok(err instanceof AccountsError && err.reason === 'duplicate-email')
  t.equal(err.message, 'an account with the email a@example.com exists already')
  t.same(await store.listAudit({}), before, 'no audit row for the refused add')
  t.equal(normaliseEmail(' X@Y.jp '), 'x@y.jp')
})

t.test('disable ends the sessions; enrol again resets the factors, ends the sessions, kills the old link, gives a new one', async (t) => {
  const { store, accounts, clock } = setup(t)
  const { account, link } = await accounts.addAccount(CLI_ACTOR, { email: 'a@example.com', role: 'editor', name: '' })
  const other = (await accounts.addAccount(CLI_ACTOR, { email: 'b@example.com', role: 'editor', name: '' })).account
  await store.addSession(session('s1', account.id, clock.now), { at: clock.now, accountId: account.id, address: '192.0.2.1', action: 'signin', target: '', outcome: 'ok' })
  await store.addSession(session('s2', other.id, clock.now), { at: clock.now, accountId: other.id, address: '192.0.2.1', action: 'signin', target: '', outcome: 'ok' })
  await store.setPasswordFactor({ accountId: account.id, passwordHash: 'h', totpSecret: 's', lastTotpStep: 0, createdAt: clock.now }, ['r1'], { at: clock.now, accountId: account.id, address: 'x', action: 'password.set', target: '', outcome: 'ok' })

  clock.now += MIN
  const enrolled = await accounts.enrolAgain(CLI_ACTOR, ' A@example.com')
  t.equal(enrolled.account.id, account.id)
  t.not(enrolled.link.url, link.url)
  t.equal(enrolled.link.expiresAt, clock.now + ENROLMENT_LINK_MS)
  t.equal(await store.findEnrolmentLink(sha256(link.url.split('/').pop()!)), null, 'the first link no longer works')
  t.ok(await store.findEnrolmentLink(sha256(enrolled.link.url.split('/').pop()!)))
  t.equal(await store.findPasswordFactor(account.id), null, 'the factor is gone')
  t.same(await store.listSessions(account.id), [], 'its sessions are ended')
  t.equal((await store.listSessions(other.id)).length, 1)

  await store.addSession(session('s3', account.id, clock.now), { at: clock.now, accountId: account.id, address: '192.0.2.1', action: 'signin', target: '', outcome: 'ok' })
  clock.now += MIN
  t.equal((await accounts.disable(CLI_ACTOR, 'a@example.com')).disabled, true)
  t.same(await store.listSessions(account.id), [], 'disabling ends its sessions')
  t.equal((await store.findAccount(account.id))!.disabled, true)
  t.equal(await refusal(accounts.enrolAgain(CLI_ACTOR, 'a@example.com')), 'disabled', 'a disabled account is enabled first')
  t.equal((await accounts.enable(CLI_ACTOR, 'a@example.com')).disabled, false)
  t.ok(await accounts.enrolAgain(CLI_ACTOR, 'a@example.com'))
  for (const action of [accounts.disable, accounts.enable, accounts.enrolAgain]) t.equal(await refusal(action(CLI_ACTOR, 'nobody@example.com')), 'unknown-account')
  t.same((await accounts.auditList({ email: 'a@example.com' })).map((e) => e.action), ['signin', 'password.set', 'signin'], "the account's own actions; the CLI acts as no account")
  t.same(
    (await accounts.auditList({ since: Date.UTC(2026, 3, 1) + MIN })).map((e) => e.action),
    ['enrolment.create', 'account.enrol', 'account.enable', 'account.disable', 'signin', 'enrolment.create', 'account.enrol'],
    'every change audited, the refused enrol not',
  )
})

t.test('the audit list: filtered by account email, action and time, each entry with its email', async (t) => {
  const { store, accounts, clock } = setup(t)
  const a = (await accounts.addAccount(CLI_ACTOR, { email: 'a@example.com', role: 'admin', name: '' })).account
  const at = clock.now
  await store.audit({ at: at + 1, accountId: a.id, address: '192.0.2.1', action: 'signin', target: 'session', outcome: 'ok' })
  await store.audit({ at: at + 2, accountId: null, address: '192.0.2.9', action: 'signin.failed', target: '', outcome: 'failed' })
  await store.audit({ at: at + 3, accountId: 'gone', address: '192.0.2.1', action: 'signin', target: '', outcome: 'ok' })
  t.same((await accounts.auditList({ email: 'A@example.com' })).map((e) => [e.action, e.email]), [['signin', 'a@example.com']])
  t.same((await accounts.auditList({ action: 'signin' })).map((e) => e.email), [null, 'a@example.com'], 'an id of no account: no email')
  t.same((await accounts.auditList({ since: at + 2 })).map((e) => e.action), ['signin', 'signin.failed'])
  t.same((await accounts.auditList({ action: 'account.add' })).map((e) => e.targetText), ['account:a@example.com'], 'a target account by its email')
  t.equal(await refusal(accounts.auditList({ email: 'nobody@example.com' })), 'unknown-account')
})

t.test('purgeOld: audit entries past the retention, sessions past their idle or absolute limit', async (t) => {
  const { store, accounts, clock } = setup(t)
  const a = (await accounts.addAccount(CLI_ACTOR, { email: 'a@example.com', role: 'admin', name: '' })).account
  const t0 = clock.now
  const ok = { accountId: a.id, address: '192.0.2.1', action: 'signin', target: '', outcome: 'ok' as const }
  await store.addSession(session('idle', a.id, t0), { ...ok, at: t0 })
  await store.addSession({ ...session('busy', a.id, t0 + 400 * MIN), lastSeenAt: t0 + 450 * MIN }, { ...ok, at: t0 + 400 * MIN })
  clock.now = t0 + 460 * MIN
  t.same(await accounts.purgeOld(), { audit: 0, sessions: 1, challenges: 0 }, 'the session unused for 460 minutes')
  clock.now = t0 + 400 * MIN + 720 * MIN
  t.same(await accounts.purgeOld(), { audit: 0, sessions: 1, challenges: 0 }, '12 hours after its sign-in, however busy')
  clock.now = t0 + 400 * DAY
  t.same(await accounts.purgeOld(), { audit: 0, sessions: 0, challenges: 0 }, 'an entry exactly 400 days old stays')
  clock.now = t0 + 400 * DAY + 1
  t.same(await accounts.purgeOld(), { audit: 3, sessions: 0, challenges: 0 }, 'account.add, enrolment.create, the first signin: older than 400 days')
  t.same((await store.listAudit({})).map((e) => e.at), [t0 + 400 * MIN])
})
