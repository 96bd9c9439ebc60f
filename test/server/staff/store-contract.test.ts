// The staff store's contract (server/staff/types.ts), on both engines: SQLite (a file in a temporary
// DATA_DIR) and a throwaway PostgreSQL server started for this file (scripts/engines.mjs). "Another
// replica" is a second store opened on the same data: a second SQLite connection, a second pg pool.
import t from 'tap'
import { StaffConflict } from '../../../server/staff/store-rows'
import type { Account, AuditEntry, Session, StaffStore } from '../../../server/staff/types'
import { startPostgres } from '../../../scripts/engines.mjs'
import { freshPgDatabase, pgOpener, sqliteOpener, tempDataDir } from '../contact/helper'
import type { SiteStores } from '../stores'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

type Teardown = { teardown: (fn: () => unknown) => void }
interface Engine {
  name: 'sqlite' | 'postgres'
  /** A new empty store, and a function that opens another on the same data (another replica). */
  fresh(t: Teardown): Promise<{ store: StaffStore; inquiries: SiteStores; another: () => Promise<StaffStore> }>
}

const engines: Engine[] = [
  {
    name: 'sqlite',
    async fresh(t) {
      const dir = tempDataDir(t)
      const open = sqliteOpener(t, dir)
      const inquiries = await open()
      return { store: inquiries.staff, inquiries, another: async () => (await open()).staff }
    },
  },
  {
    name: 'postgres',
    async fresh(t) {
      const url = await freshPgDatabase(postgres, 'staff')
      const open = pgOpener(t, url)
      const inquiries = await open()
      return { store: inquiries.staff, inquiries, another: async () => (await open()).staff }
    },
  },
]

/** Milliseconds well beyond 32 bits, as every real time is. */
const T0 = Date.UTC(2026, 3, 1, 0, 0, 0)
const MIN = 60_000
const entry = (action: string, at = T0, accountId: string | null = null, outcome: AuditEntry['outcome'] = 'ok'): AuditEntry => ({ at, accountId, address: '192.0.2.7', action, target: accountId ? `account:${accountId}` : '', outcome })
const account = (id: string, email = `${id}@example.com`, extra: Partial<Account> = {}): Account => ({ id, email, name: `Name ${id}`, role: 'editor', locale: 'ja', disabled: false, createdAt: T0, ...extra })
const session = (idHash: string, accountId: string, at = T0, extra: Partial<Session> = {}): Session => ({
  idHash,
  accountId,
  createdAt: at,
  lastSeenAt: at,
  verifiedAt: at,
  csrfToken: `csrf-${idHash}`,
  userAgent: 'Firefox 140 on Linux',
  address: '192.0.2.7',
  ...extra,
})
const actions = async (store: StaffStore) => (await store.listAudit({})).map((e) => e.action)

for (const engine of engines) {
  t.test(`${engine.name}: the staff store`, async (t) => {
    t.test('the staff tables come with the inquiry store (migrations 4 and 7), once, on every replica', async (t) => {
      const { inquiries, another } = await engine.fresh(t)
      await Promise.all([another(), another()])
      t.equal(await inquiries.schemaVersion(), 9)
    })

    t.test('accounts: added, found, listed, changed; a duplicate email is refused and leaves no audit row', async (t) => {
      const { store } = await engine.fresh(t)
      await store.addAccount(account('b', 'b@example.com', { role: 'admin' }), entry('account.add', T0, null))
      await store.addAccount(account('a', 'a@example.com'), entry('account.add', T0 + 1, null))
      t.same(await store.findAccount('b'), account('b', 'b@example.com', { role: 'admin' }))
      t.same(await store.findAccountByEmail('a@example.com'), account('a'))
      t.equal(await store.findAccount('nobody'), null)
      t.equal(await store.findAccountByEmail('nobody@example.com'), null)
      t.same((await store.listAccounts()).map((a) => a.email), ['a@example.com', 'b@example.com'], 'by email')
      await store.updateAccount('a', { name: '山田 花子', role: 'responder', locale: 'en' }, entry('account.change', T0 + 2, 'a'))
      t.same(await store.findAccount('a'), account('a', 'a@example.com', { name: '山田 花子', role: 'responder', locale: 'en' }))

      const before = await store.listAudit({})
      const refused = await store.addAccount(account('c', 'a@example.com'), entry('account.add', T0 + 3)).catch((err) => err)
      t.ok(refused instanceof StaffConflict && refused.reason === 'duplicate-email', 'a StaffConflict: duplicate-email')
      t.equal(await store.findAccount('c'), null, 'nothing of it stored')
      const unknown = await store.updateAccount('nobody', { name: 'x' }, entry('account.change', T0 + 4)).catch((err) => err)
      t.ok(unknown instanceof StaffConflict && unknown.reason === 'unknown-account', 'an unknown account: StaffConflict unknown-account')
      const refusedRole = await store.addAccount(account('d', 'd@example.com', { role: 'root' as never }), entry('account.add', T0 + 5)).catch((err) => err)
      t.ok(refusedRole instanceof Error, 'a role outside the three is refused by the database')
      const refusedPasskey = await store
        .addPasskey({ id: 'cred', accountId: 'nobody', name: 'x', publicKey: 'pk', counter: 0, transports: [], createdAt: T0, lastUsedAt: null }, entry('passkey.add', T0 + 6))
        .catch((err) => err)
      t.ok(refusedPasskey instanceof Error, 'a passkey of no account is refused')
      t.same(await store.listAudit({}), before, 'the failed writes left no audit row')
    })

    t.test('one email added on two replicas at the same moment: one account', async (t) => {
      const { store, another } = await engine.fresh(t)
      const replica = await another()
      const results = await Promise.allSettled([store, replica, store, replica].map((s, i) => s.addAccount(account(`id${i}`, 'same@example.com'), entry('account.add'))))
      t.equal(results.filter((r) => r.status === 'fulfilled').length, 1, 'one wins')
      t.ok(results.every((r) => r.status === 'fulfilled' || r.reason instanceof StaffConflict), 'the others are told why')
      t.equal((await store.listAccounts()).length, 1)
      t.equal((await store.listAudit({ action: 'account.add' })).length, 1, 'one audit row')
    })

    t.test('disabling an account ends its sessions in the same transaction, and no one else\'s', async (t) => {
      const { store, another } = await engine.fresh(t)
      await store.addAccount(account('a'), entry('account.add'))
      await store.addAccount(account('b'), entry('account.add'))
      for (const [id, owner] of [['s1', 'a'], ['s2', 'a'], ['s3', 'b']] as const) await store.addSession(session(id, owner), entry('signin', T0, owner))
      const replica = await another()
      t.equal((await replica.listSessions('a')).length, 2, 'a session is seen on every replica')
      await replica.updateAccount('a', { disabled: true }, entry('account.disable', T0 + MIN, null))
      t.equal((await store.findAccount('a'))!.disabled, true)
      t.equal(await store.findSession('s1'), null)
      t.same(await store.listSessions('a'), [])
      t.same((await store.listSessions('b')).map((s) => s.idHash), ['s3'])
      t.same((await store.listAudit({ action: 'account.disable' }))[0], { ...entry('account.disable', T0 + MIN, null), repeats: 1 })
      await store.updateAccount('a', { disabled: false }, entry('account.enable', T0 + 2 * MIN))
      t.equal((await store.findAccount('a'))!.disabled, false, 'enabled again')
    })

    t.test('passkeys: several per account, named, used, renamed, removed', async (t) => {
      const { store } = await engine.fresh(t)
      await store.addAccount(account('a'), entry('account.add'))
      const key = { id: 'cred-1', accountId: 'a', name: 'Laptop', publicKey: 'pQECAyYgASFY', counter: 4_294_967_295, transports: ['internal', 'hybrid'], createdAt: T0, lastUsedAt: null }
      await store.addPasskey(key, entry('passkey.add', T0, 'a'))
      await store.addPasskey({ ...key, id: 'cred-2', name: 'Phone', counter: 0, transports: [], createdAt: T0 + 1 }, entry('passkey.add', T0 + 1, 'a'))
      t.same(await store.findPasskey('cred-1'), key, 'a 32-bit unsigned counter and the transports come back as stored')
      t.same((await store.listPasskeys('a')).map((p) => p.name), ['Laptop', 'Phone'])
      t.equal(await store.usePasskey('cred-2', 0, 7, T0 + MIN), true, 'used with the counter it was read with')
      t.match(await store.findPasskey('cred-2'), { counter: 7, lastUsedAt: T0 + MIN })
      await store.renamePasskey('cred-2', '仕事の電話', entry('passkey.rename', T0 + MIN, 'a'))
      t.match(await store.findPasskey('cred-2'), { name: '仕事の電話', counter: 7 }, 'renamed, nothing else changed')
      await store.removePasskey('cred-1', entry('passkey.remove', T0 + 2 * MIN, 'a'))
      t.equal(await store.findPasskey('cred-1'), null)
      t.same((await store.listPasskeys('a')).map((p) => p.id), ['cred-2'])
      t.same(await actions(store), ['passkey.remove', 'passkey.rename', 'passkey.add', 'passkey.add', 'account.add'], 'each change audited, newest first')
    })

    t.test('a passkey\'s counter is compare-and-set: a use verified against a counter another use moved is refused', async (t) => {
      const { store, another } = await engine.fresh(t)
      await store.addAccount(account('a'), entry('account.add'))
      const key = { id: 'cred-c', accountId: 'a', name: 'Key', publicKey: 'pk', counter: 5, transports: [], createdAt: T0, lastUsedAt: null }
      await store.addPasskey(key, entry('passkey.add'))
      await store.addPasskey({ ...key, id: 'cred-zero', counter: 0 }, entry('passkey.add'))
      const replica = await another()
      const results = await Promise.all([6, 7, 6, 8].map((counter, i) => (i % 2 ? store : replica).usePasskey('cred-c', 5, counter, T0 + i)))
      t.equal(results.filter(Boolean).length, 1, 'of four uses read at 5, on two replicas at once: one recorded')
      t.not((await store.findPasskey('cred-c'))!.counter, 5, 'the counter moved')
      t.equal(await store.usePasskey('cred-c', 5, 9, T0 + MIN), false, 'a use read before it moved: refused')
      t.equal(await store.usePasskey('nobody', 0, 1, T0 + MIN), false, 'an unknown passkey')
      t.same(await Promise.all([store.usePasskey('cred-zero', 0, 0, T0 + MIN), replica.usePasskey('cred-zero', 0, 0, T0 + MIN)]), [true, true], 'a counter that stays 0 always matches')
      t.match(await store.findPasskey('cred-zero'), { counter: 0, lastUsedAt: T0 + MIN })
    })

    t.test('passkey challenges: each answered once, on two replicas at once too; purged once its token expired', async (t) => {
      const { store, another } = await engine.fresh(t)
      const replica = await another()
      const expires = T0 + 5 * MIN
      t.equal(await store.useChallenge('challenge-1', expires), true, 'the first answer')
      t.equal(await replica.useChallenge('challenge-1', expires), false, 'again, on another replica')
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? store : replica).useChallenge('challenge-2', expires + MIN)))
      t.equal(results.filter(Boolean).length, 1, 'six at once: one wins')
      t.equal(await store.purgeChallenges(expires), 0, 'not before its expiry')
      t.equal(await replica.purgeChallenges(expires + 1), 1, 'the first, once expired')
      t.equal(await store.purgeChallenges(expires + MIN + 1), 1, 'then the second')
      t.equal(await store.purgeChallenges(expires + 10 * MIN), 0, 'nothing left')
    })

    t.test('password + TOTP: replaced as a whole with its recovery codes; each TOTP step accepted once', async (t) => {
      const { store } = await engine.fresh(t)
      await store.addAccount(account('a'), entry('account.add'))
      const factor = { accountId: 'a', passwordHash: 'scrypt$…', totpSecret: 'JBSWY3DPEHPK3PXP', lastTotpStep: 0, createdAt: T0 }
      await store.setPasswordFactor(factor, ['h1', 'h2', 'h3'], entry('password.set', T0, 'a'))
      t.same(await store.findPasswordFactor('a'), factor)
      t.equal(await store.findPasswordFactor('nobody'), null)
      t.equal(await store.unusedRecoveryCodes('a'), 3)
      t.same((await store.unusedRecoveryCodeHashes('a')).sort(), ['h1', 'h2', 'h3'], 'the stored hashes, to try a typed code against')
      const step = Math.floor(T0 / 30_000)
      t.equal(await store.acceptTotpStep('a', step), true, 'a new step')
      t.equal(await store.acceptTotpStep('a', step), false, 'the same step again: refused')
      t.equal(await store.acceptTotpStep('a', step - 1), false, 'an earlier step: refused')
      t.equal(await store.acceptTotpStep('a', step + 1), true, 'the next step')
      t.equal(await store.acceptTotpStep('nobody', step + 5), false, 'no factor: refused')
      t.equal((await store.findPasswordFactor('a'))!.lastTotpStep, step + 1)
      const replaced = { ...factor, passwordHash: 'scrypt$new', totpSecret: 'KRSXG5CTMVRXEZLU', createdAt: T0 + MIN }
      await store.setPasswordFactor(replaced, ['n1', 'n2'], entry('password.set', T0 + MIN, 'a'))
      t.same(await store.findPasswordFactor('a'), replaced, 'the whole factor replaced (a new secret starts at its own last step)')
      t.equal(await store.unusedRecoveryCodes('a'), 2, 'the old codes are gone')
      t.equal(await store.useRecoveryCode('a', 'h1', entry('recovery.use', T0 + MIN, 'a')), false, 'an old code no longer works')
    })

    t.test('the same TOTP step on two replicas at the same moment: accepted once', async (t) => {
      const { store, another } = await engine.fresh(t)
      await store.addAccount(account('a'), entry('account.add'))
      await store.setPasswordFactor({ accountId: 'a', passwordHash: 'h', totpSecret: 's', lastTotpStep: 0, createdAt: T0 }, [], entry('password.set'))
      const replica = await another()
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? store : replica).acceptTotpStep('a', 58_000_000)))
      t.equal(results.filter(Boolean).length, 1, 'one wins')
    })

    t.test('recovery codes: each used once, audited when used; a code on two replicas at once: once', async (t) => {
      const { store, another } = await engine.fresh(t)
      await store.addAccount(account('a'), entry('account.add'))
      await store.addAccount(account('b'), entry('account.add'))
      await store.setPasswordFactor({ accountId: 'a', passwordHash: 'h', totpSecret: 's', lastTotpStep: 0, createdAt: T0 }, ['c1', 'c2', 'c3'], entry('password.set', T0, 'a'))
      t.equal(await store.useRecoveryCode('a', 'c1', entry('recovery.use', T0 + 1, 'a')), true)
      t.equal(await store.useRecoveryCode('a', 'c1', entry('recovery.use', T0 + 2, 'a')), false, 'used already')
      t.equal(await store.useRecoveryCode('a', 'nope', entry('recovery.use', T0 + 3, 'a')), false, 'unknown')
      t.equal(await store.useRecoveryCode('b', 'c2', entry('recovery.use', T0 + 4, 'b')), false, "another account's code")
      t.same((await store.listAudit({ action: 'recovery.use' })).map((e) => e.at), [T0 + 1], 'only the use that worked is audited')
      t.equal(await store.unusedRecoveryCodes('a'), 2)
      t.same((await store.unusedRecoveryCodeHashes('a')).sort(), ['c2', 'c3'], 'a used code is no longer tried')
      t.same(await store.unusedRecoveryCodeHashes('b'), [], 'an account without codes')
      const replica = await another()
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? store : replica).useRecoveryCode('a', 'c2', entry('recovery.use', T0 + 10, 'a'))))
      t.equal(results.filter(Boolean).length, 1, 'one wins')
      t.equal(await store.unusedRecoveryCodes('a'), 1)
      t.equal((await store.listAudit({ action: 'recovery.use' })).length, 2)
    })

    t.test('resetFactors: every factor, session and unused link of the account goes, in one transaction', async (t) => {
      const { store } = await engine.fresh(t)
      for (const id of ['a', 'b']) {
        await store.addAccount(account(id), entry('account.add'))
        await store.addPasskey({ id: `cred-${id}`, accountId: id, name: 'Key', publicKey: 'pk', counter: 0, transports: [], createdAt: T0, lastUsedAt: null }, entry('passkey.add'))
        await store.setPasswordFactor({ accountId: id, passwordHash: 'h', totpSecret: 's', lastTotpStep: 0, createdAt: T0 }, [`${id}1`, `${id}2`], entry('password.set'))
        await store.addSession(session(`s-${id}`, id), entry('signin'))
        await store.addEnrolmentLink({ tokenHash: `used-${id}`, accountId: id, createdAt: T0, expiresAt: T0 + 1440 * MIN, usedAt: null }, entry('enrolment.create'))
        await store.useEnrolmentLink(`used-${id}`, T0 + 1)
        await store.addEnrolmentLink({ tokenHash: `open-${id}`, accountId: id, createdAt: T0, expiresAt: T0 + 1440 * MIN, usedAt: null }, entry('enrolment.create'))
      }
      await store.resetFactors('a', entry('account.enrol', T0 + MIN, null))
      t.same(await store.listPasskeys('a'), [])
      t.equal(await store.findPasswordFactor('a'), null)
      t.equal(await store.unusedRecoveryCodes('a'), 0)
      t.same(await store.listSessions('a'), [])
      t.equal(await store.findEnrolmentLink('open-a'), null, 'an unused link no longer works')
      t.equal(await store.useEnrolmentLink('open-a', T0 + 2 * MIN), null)
      t.equal(await store.findAccount('a').then((a) => a?.disabled), false, 'the account stays')
      t.equal((await store.listPasskeys('b')).length, 1, 'another account keeps everything')
      t.ok(await store.findPasswordFactor('b'))
      t.equal(await store.unusedRecoveryCodes('b'), 2)
      t.equal((await store.listSessions('b')).length, 1)
      t.ok(await store.findEnrolmentLink('open-b'))
      t.same((await store.listAudit({ action: 'account.enrol' }))[0], { ...entry('account.enrol', T0 + MIN, null), repeats: 1 })
      const refused = await store.resetFactors('nobody', entry('account.enrol', T0 + 2 * MIN)).catch((err) => err)
      t.ok(refused instanceof StaffConflict && refused.reason === 'unknown-account')
      t.equal((await store.listAudit({ action: 'account.enrol' })).length, 1, 'no audit row for the refused one')
    })

    t.test('enrolment links: used once, before they expire; a link used on two replicas at once: once', async (t) => {
      const { store, another } = await engine.fresh(t)
      await store.addAccount(account('a'), entry('account.add'))
      const link = { tokenHash: 'hash-1', accountId: 'a', createdAt: T0, expiresAt: T0 + 1440 * MIN, usedAt: null }
      await store.addEnrolmentLink(link, entry('enrolment.create', T0, null))
      await store.addEnrolmentLink({ ...link, tokenHash: 'hash-2' }, entry('enrolment.create', T0, null))
      await store.addEnrolmentLink({ ...link, tokenHash: 'hash-3' }, entry('enrolment.create', T0, null))
      t.same(await store.findEnrolmentLink('hash-1'), link)
      t.equal(await store.findEnrolmentLink('nope'), null)
      t.equal(await store.useEnrolmentLink('hash-1', T0 + 1440 * MIN - 1), 'a', 'just before it expires')
      t.equal((await store.findEnrolmentLink('hash-1'))!.usedAt, T0 + 1440 * MIN - 1)
      t.equal(await store.useEnrolmentLink('hash-1', T0 + 1440 * MIN - 1), null, 'a second use')
      t.equal(await store.useEnrolmentLink('hash-2', T0 + 1440 * MIN), null, 'at its expiry: expired')
      t.equal((await store.findEnrolmentLink('hash-2'))!.usedAt, null, 'an expired link is not marked used')
      t.equal(await store.useEnrolmentLink('nope', T0), null, 'unknown')
      const replica = await another()
      const results = await Promise.all(Array.from({ length: 6 }, (_, i) => (i % 2 ? store : replica).useEnrolmentLink('hash-3', T0 + MIN)))
      t.same(results.filter((r) => r !== null), ['a'], 'one wins')
    })

    t.test('sessions: kept by the hash of their id, touched, replaced, listed, ended, purged', async (t) => {
      const { store, another } = await engine.fresh(t)
      await store.addAccount(account('a'), entry('account.add'))
      await store.addAccount(account('b'), entry('account.add'))
      await store.addSession(session('old', 'a', T0), entry('signin', T0, 'a'))
      await store.addSession(session('new', 'a', T0 + 10 * MIN), entry('signin', T0 + 10 * MIN, 'a'))
      await store.addSession(session('other', 'b', T0), entry('signin', T0, 'b'))
      const replica = await another()
      t.same(await replica.findSession('old'), session('old', 'a', T0), 'found on another replica')
      t.equal(await store.findSession('nope'), null)
      await replica.touchSession('old', T0 + 20 * MIN, '198.51.100.4')
      t.match(await store.findSession('old'), { lastSeenAt: T0 + 20 * MIN, address: '198.51.100.4', createdAt: T0 })
      t.same((await store.listSessions('a')).map((s) => s.idHash), ['old', 'new'], 'last used first')
      await store.endSession('new', entry('signout', T0 + 22 * MIN, 'a'))
      t.equal(await store.findSession('new'), null)
      await store.addSession(session('third', 'a', T0 + 23 * MIN), entry('signin', T0 + 23 * MIN, 'a'))
      t.equal(await store.endAccountSessions('a', entry('session.end', T0 + 24 * MIN, null)), 2, 'how many were ended')
      t.same(await store.listSessions('a'), [])
      t.equal((await store.listSessions('b')).length, 1)
      t.same((await store.listAudit({ since: T0 + 22 * MIN })).map((e) => e.action), ['session.end', 'signin', 'signout'])

      await store.addSession(session('idle', 'a', T0, { lastSeenAt: T0 + 60 * MIN }), entry('signin'))
      await store.addSession(session('busy', 'a', T0 + 60 * MIN, { lastSeenAt: T0 + 100 * MIN }), entry('signin'))
      await store.addSession(session('long', 'a', T0 - 600 * MIN, { lastSeenAt: T0 + 100 * MIN }), entry('signin'))
      // At T0 + 100 min with 30 min idle and 12 h absolute: idle before T0 + 70 min, started before T0 - 620 min.
      t.equal(await store.purgeSessions(T0 + 70 * MIN, T0 + 100 * MIN - 720 * MIN), 2, 'the idle one and the other account\'s')
      t.same((await store.listSessions('a')).map((s) => s.idHash).sort(), ['busy', 'long'])
      t.equal(await store.purgeSessions(T0, T0 - 599 * MIN), 1, 'started before the absolute limit, however busy')
      t.same((await store.listSessions('a')).map((s) => s.idHash), ['busy'])
    })

    t.test('a session replaced under a new id: the old one ended, the new one added, with the audit entry, at once', async (t) => {
      const { store, another } = await engine.fresh(t)
      await store.addAccount(account('a'), entry('account.add'))
      await store.addSession(session('first', 'a', T0), entry('signin', T0, 'a'))
      const renewed = session('second', 'a', T0, { lastSeenAt: T0 + 20 * MIN, verifiedAt: T0 + 20 * MIN, csrfToken: 'csrf-first' })
      t.equal(await store.replaceSession('first', renewed, entry('reauth', T0 + 20 * MIN, 'a')), true)
      const replica = await another()
      t.equal(await replica.findSession('first'), null, 'the old id is gone, on every replica')
      t.same(await replica.findSession('second'), renewed, 'the new one as given: its start and token kept by the caller')
      t.same(await actions(store), ['reauth', 'signin', 'account.add'])

      t.equal(await store.replaceSession('first', session('third', 'a', T0 + 21 * MIN), entry('reauth', T0 + 21 * MIN, 'a')), false, 'a session already gone: false')
      t.equal(await store.findSession('third'), null, 'nothing added')
      t.same(await actions(store), ['reauth', 'signin', 'account.add'], 'nothing audited')

      const racers = await Promise.all(['x', 'y', 'z', 'w'].map((id, i) => (i % 2 ? store : replica).replaceSession('second', session(id, 'a', T0 + 22 * MIN), entry('reauth', T0 + 22 * MIN, 'a'))))
      t.same(racers.filter(Boolean).length, 1, 'the same session replaced on two replicas at once: once')
      t.same((await store.listSessions('a')).length, 1, 'one session left')
      t.equal((await store.listAudit({ action: 'reauth' })).length, 2, 'one more entry')

      await store.addSession(session('taken', 'a', T0), entry('signin', T0, 'a'))
      await t.rejects(store.replaceSession((await store.listSessions('a')).find((s) => s.idHash !== 'taken')!.idHash, session('taken', 'a', T0), entry('reauth', T0, 'a')), 'a new id already taken: refused')
      t.equal((await store.listSessions('a')).length, 2, 'and the old one is still there (rolled back)')
    })

    t.test('personal access tokens: found by hash, listed, revoked once, each use audited', async (t) => {
      const { store } = await engine.fresh(t)
      await store.addAccount(account('admin', 'admin@example.com', { role: 'admin' }), entry('account.add'))
      const token = { id: 'tok-1', tokenHash: 'sha-1', name: 'CRM', role: 'responder' as const, createdBy: 'admin', createdAt: T0, expiresAt: T0 + 365 * 1440 * MIN, revokedAt: null, lastUsedAt: null }
      await store.addAccessToken(token, entry('token.create', T0, 'admin'))
      await store.addAccessToken({ ...token, id: 'tok-2', tokenHash: 'sha-2', name: 'Backup', createdAt: T0 + 1 }, entry('token.create', T0 + 1, 'admin'))
      t.same(await store.findAccessToken('sha-1'), token)
      t.equal(await store.findAccessToken('nope'), null)
      t.same((await store.listAccessTokens()).map((k) => k.id), ['tok-2', 'tok-1'], 'newest first')
      await store.useAccessToken('tok-1', T0 + MIN, { ...entry('token.use', T0 + MIN, null), target: 'token:tok-1' })
      t.equal((await store.findAccessToken('sha-1'))!.lastUsedAt, T0 + MIN)
      t.same((await store.listAudit({ action: 'token.use' }))[0]!.target, 'token:tok-1')
      await store.revokeAccessToken('tok-1', T0 + 2 * MIN, entry('token.revoke', T0 + 2 * MIN, 'admin'))
      await store.revokeAccessToken('tok-1', T0 + 3 * MIN, entry('token.revoke', T0 + 3 * MIN, 'admin'))
      t.equal((await store.findAccessToken('sha-1'))!.revokedAt, T0 + 2 * MIN, 'revoked at the first revocation')
      t.equal((await store.findAccessToken('sha-2'))!.revokedAt, null)
    })

    t.test('disabling and re-enrolment revoke the tokens the account made, with the change; enabling brings none back', async (t) => {
      const { store, another } = await engine.fresh(t)
      for (const id of ['a', 'b']) await store.addAccount(account(id, `${id}@example.com`, { role: 'admin' }), entry('account.add'))
      const token = (id: string, createdBy: string, revokedAt: number | null = null) =>
        ({ id, tokenHash: `sha-${id}`, name: id, role: 'admin' as const, createdBy, createdAt: T0, expiresAt: T0 + 365 * 1440 * MIN, revokedAt, lastUsedAt: null })
      for (const k of [token('a1', 'a'), token('a2', 'a'), token('a0', 'a', T0 + 1), token('b1', 'b')]) await store.addAccessToken(k, entry('token.create', T0, k.createdBy))
      const revokedAt = async (id: string) => (await store.findAccessToken(`sha-${id}`))!.revokedAt
      const replica = await another()

      await replica.updateAccount('a', { role: 'responder' }, entry('account.role', T0 + MIN, 'b'))
      t.equal(await revokedAt('a1'), null, 'a role change revokes nothing (the use-time check limits the token)')
      await replica.updateAccount('a', { disabled: true }, entry('account.disable', T0 + 2 * MIN, 'b'))
      t.same([await revokedAt('a1'), await revokedAt('a2')], [T0 + 2 * MIN, T0 + 2 * MIN], 'revoked at the audit entry\'s time')
      t.equal(await revokedAt('a0'), T0 + 1, 'one revoked before keeps its time')
      t.equal(await revokedAt('b1'), null, 'another account\'s token stays')
      await store.updateAccount('a', { disabled: false }, entry('account.enable', T0 + 3 * MIN, 'b'))
      t.equal(await revokedAt('a1'), T0 + 2 * MIN, 'enabled again: still revoked')

      await store.addAccessToken(token('b2', 'b'), entry('token.create', T0 + 4 * MIN, 'b'))
      await replica.resetFactors('b', entry('account.enrol', T0 + 5 * MIN, 'a'))
      t.same([await revokedAt('b1'), await revokedAt('b2')], [T0 + 5 * MIN, T0 + 5 * MIN], 're-enrolment revokes them')
      t.same((await store.listAudit({ action: 'account.enrol' })).length, 1, 'one audit entry: the enrolment')

      const refused = await store.updateAccount('nobody', { disabled: true }, entry('account.disable', T0 + 6 * MIN)).catch((err) => err)
      t.ok(refused instanceof StaffConflict && refused.reason === 'unknown-account', 'an unknown account: refused, nothing revoked')
    })

    t.test('the audit log: filtered, newest first; only the retention purge removes entries', async (t) => {
      const { store, another } = await engine.fresh(t)
      await store.audit(entry('signin.failed', T0, null, 'failed'))
      await store.audit(entry('signin', T0 + MIN, 'a'))
      await store.audit(entry('request.refused', T0 + 2 * MIN, 'a', 'refused'))
      await store.audit(entry('signin', T0 + 3 * MIN, 'b'))
      const replica = await another()
      t.same(
        await replica.listAudit({}),
        [entry('signin', T0 + 3 * MIN, 'b'), entry('request.refused', T0 + 2 * MIN, 'a', 'refused'), entry('signin', T0 + MIN, 'a'), entry('signin.failed', T0, null, 'failed')].map((e) => ({ ...e, repeats: 1 })),
      )
      t.same((await store.listAudit({ accountId: 'a' })).map((e) => e.at), [T0 + 2 * MIN, T0 + MIN])
      t.same((await store.listAudit({ action: 'signin' })).map((e) => e.accountId), ['b', 'a'])
      t.same((await store.listAudit({ since: T0 + MIN, until: T0 + 2 * MIN })).map((e) => e.at), [T0 + 2 * MIN, T0 + MIN], 'an inclusive range')
      t.same((await store.listAudit({ accountId: 'a', action: 'signin', since: T0 })).length, 1, 'filters together')
      t.same((await store.listAudit({ limit: 2 })).map((e) => e.at), [T0 + 3 * MIN, T0 + 2 * MIN])
      t.same(await store.listAudit({ accountId: 'nobody' }), [])
      t.equal(await store.purgeAudit(T0 + 2 * MIN), 2, 'entries older than the cut')
      t.same((await store.listAudit({})).map((e) => e.at), [T0 + 3 * MIN, T0 + 2 * MIN], 'the entry at the cut stays')
      const methods = Object.keys(store).filter((m) => /audit/i.test(m)).sort()
      t.same(methods, ['audit', 'listAudit', 'purgeAudit'], 'no other way to touch the audit log')
    })

    t.test('refusals and failures with no account: one row per address, action and outcome an hour, counting them, atomically across replicas', async (t) => {
      const { store, another } = await engine.fresh(t)
      const HOUR = 60 * MIN
      const anonymous = (action: string, at: number, target: string, address = '198.51.100.1', outcome: AuditEntry['outcome'] = 'refused'): AuditEntry => ({ at, accountId: null, address, action, target, outcome })
      await store.audit(anonymous('request.refused', T0 + 5 * MIN, 'path:/admin/api/me token'))
      const replica = await another()
      // Two replicas at once, and each many times: no count lost, never a second row.
      await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? store : replica).audit(anonymous('request.refused', T0 + 6 * MIN + i, `path:/admin/api/x${i} token`))))
      await store.audit(anonymous('request.refused', T0 + 7 * MIN, 'path:/admin/api/me token', '198.51.100.2'))
      await store.audit(anonymous('signin.failed', T0 + 8 * MIN, '', '198.51.100.1', 'failed'))
      await store.audit(anonymous('signin.failed', T0 + 9 * MIN, '', '198.51.100.1', 'failed'))
      await store.audit(anonymous('request.refused', T0 + HOUR, 'path:/admin/api/me token'))
      await store.audit({ ...anonymous('request.refused', T0 + HOUR + 1, 'path:/admin/x role'), accountId: 'a' })
      await store.audit({ ...anonymous('request.refused', T0 + HOUR + 2, 'path:/admin/x role'), accountId: 'a' })
      await store.audit({ ...anonymous('account.add', T0 + HOUR + 3, 'account:b', 'cli'), outcome: 'ok' })
      await store.audit({ ...anonymous('account.add', T0 + HOUR + 4, 'account:c', 'cli'), outcome: 'ok' })
      const rows = await replica.listAudit({})
      t.same(
        rows.map((r) => [r.at, r.address, r.action, r.outcome, r.accountId, r.target, r.repeats]),
        [
          [T0 + HOUR + 4, 'cli', 'account.add', 'ok', null, 'account:c', 1],
          [T0 + HOUR + 3, 'cli', 'account.add', 'ok', null, 'account:b', 1],
          [T0 + HOUR + 2, '198.51.100.1', 'request.refused', 'refused', 'a', 'path:/admin/x role', 1],
          [T0 + HOUR + 1, '198.51.100.1', 'request.refused', 'refused', 'a', 'path:/admin/x role', 1],
          [T0 + HOUR, '198.51.100.1', 'request.refused', 'refused', null, 'path:/admin/api/me token', 1],
          [T0 + 8 * MIN, '198.51.100.1', 'signin.failed', 'failed', null, '', 2],
          [T0 + 7 * MIN, '198.51.100.2', 'request.refused', 'refused', null, 'path:/admin/api/me token', 1],
          [T0 + 5 * MIN, '198.51.100.1', 'request.refused', 'refused', null, 'path:/admin/api/me token', 41],
        ],
        'the first time and target of the hour, how many; the next hour a row of its own; an account or an ok outcome: one row each',
      )
      t.equal(await store.purgeAudit(T0 + HOUR), 3, 'a row of repeats goes with its first time')
    })
  })
}
