// Recovery codes stored as passwords are (server/staff/recovery-codes.ts), through the real sign-in form
// on two replicas sharing one database, SQLite and PostgreSQL: no stored value is a code's SHA-256, the
// same code of two accounts is stored differently, a code signs in once (at once on both replicas too),
// and a row of the first version (unsalted SHA-256) still works, once.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { startPostgres } from '../../../scripts/engines.mjs'
import { hashRecoveryCode, legacyRecoveryHash, normaliseRecoveryCode } from '../../../server/staff/recovery-codes'
import { replicaEngines } from './replica-helper'
import { addAccount, clock, postSignIn, type TestAccount } from './web-helper'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

/** What the first version stored for a code. */
const sha256Of = (code: string) => legacyRecoveryHash(normaliseRecoveryCode(code)!)
const withCode = (app: FastifyInstance, who: TestAccount, code: string) => postSignIn(app, { email: who.account.email, password: who.password, code })

/** Replaces the account's recovery codes (its password factor as it is) by these stored values. */
async function storeCodes(app: FastifyInstance, who: TestAccount, stored: string[]): Promise<void> {
  const factor = (await app.staffStore.findPasswordFactor(who.account.id))!
  await app.staffStore.setPasswordFactor(factor, stored, { at: factor.createdAt, accountId: null, address: 'cli', action: 'password.set', target: `account:${who.account.id}`, outcome: 'ok' })
}

for (const engine of replicaEngines(postgres, 'recovery')) {
  t.test(`${engine.name}: recovery codes on two replicas`, async (t) => {
    t.test('stored salted and slow: no stored value is a code or its SHA-256; the same code of two accounts is stored differently', async (t) => {
      const time = clock()
      const [a, b] = await engine.replicas(t, time)
      const [first, second] = [await addAccount(a, time, 'responder'), await addAccount(a, time, 'editor')]
      const stored = await a.staffStore.unusedRecoveryCodeHashes(first.account.id)
      t.equal(stored.length, 10)
      for (const value of stored) t.match(value, /^\$scrypt\$ln=\d+,r=\d+,p=\d+\$/, 'a self-describing scrypt hash')
      const plain = first.recoveryCodes.flatMap((code) => [code, normaliseRecoveryCode(code)!, sha256Of(code)])
      t.same(stored.filter((value) => plain.includes(value)), [], 'neither a code nor its SHA-256')

      const shared = first.recoveryCodes[0]!
      await storeCodes(a, second, [(await hashRecoveryCode(shared))!])
      const [secondStored] = await a.staffStore.unusedRecoveryCodeHashes(second.account.id)
      t.notOk(stored.includes(secondStored!), 'the same code, another stored value')
      t.equal((await withCode(b, second, shared)).statusCode, 303, 'the second account signs in with it')
      t.equal((await withCode(a, first, shared)).statusCode, 303, 'and the first with its own')
    })

    t.test('a code signs in once; sent to both replicas at once, once', async (t) => {
      const time = clock()
      const [a, b] = await engine.replicas(t, time)
      const who = await addAccount(a, time, 'responder')
      const [once, raced] = who.recoveryCodes
      t.equal((await withCode(a, who, once!.toUpperCase())).statusCode, 303, 'a code as typed back')
      t.equal((await withCode(b, who, once!)).statusCode, 401, 'used: refused on the other replica')
      const results = await Promise.all([withCode(a, who, raced!), withCode(b, who, raced!)])
      t.same(results.map((r) => r.statusCode).sort(), [303, 401], 'one of the two')
      t.equal(await a.staffStore.unusedRecoveryCodes(who.account.id), 8)
      t.equal((await a.staffStore.listAudit({ action: 'recovery.use' })).length, 2, 'each use audited')
    })

    t.test('a row of the first version (unsalted SHA-256) works until used', async (t) => {
      const time = clock()
      const [a, b] = await engine.replicas(t, time)
      const who = await addAccount(a, time, 'responder')
      const [old, salted] = who.recoveryCodes
      await storeCodes(a, who, [sha256Of(old!), (await hashRecoveryCode(salted))!])
      t.equal((await withCode(b, who, old!)).statusCode, 303, 'the old row signs in')
      t.equal((await withCode(a, who, old!)).statusCode, 401, 'once')
      t.equal((await withCode(a, who, salted!)).statusCode, 303, 'a salted row beside it works too')
      t.equal(await a.staffStore.unusedRecoveryCodes(who.account.id), 0)
    })
  })
}
