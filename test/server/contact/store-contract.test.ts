// One contract, two engines: every test here runs against SQLite (a file in a temporary DATA_DIR)
// and against a throwaway PostgreSQL server started for this file (scripts/engines.mjs). The
// contact service, the outbox and the CLI rely on nothing else of the store.
import t from 'tap'
import { replyKey } from '../../../server/contact/types'
import { normalizeContact } from '../../../shared/pages/contact/normalize'
import { startPostgres } from '../../../scripts/engines.mjs'
import { freshPgDatabase, pgOpener, sqliteOpener, tempDataDir, validInquiry } from './helper'
import { pgStores, type SiteStores } from '../stores'

const values = normalizeContact(validInquiry(), 'ja')
const postgres = await startPostgres({ own: true })
t.teardown(() => postgres.stop())

const freshPgUrl = () => freshPgDatabase(postgres, 'contract')

type Opener = () => Promise<SiteStores>
interface Engine {
  name: 'sqlite' | 'postgres'
  /** A new empty store, and a function that opens another store on the same data (another replica). */
  fresh(t: { teardown: (fn: () => unknown) => void }): Promise<{ store: SiteStores; another: Opener }>
}

const engines: Engine[] = [
  {
    name: 'sqlite',
    async fresh(t) {
      const dir = tempDataDir(t)
      const open = sqliteOpener(t, dir)
      return { store: await open(), another: open }
    },
  },
  {
    name: 'postgres',
    async fresh(t) {
      const url = await freshPgUrl()
      const open = pgOpener(t, url)
      return { store: await open(), another: open }
    },
  },
]

for (const engine of engines) {
  t.test(`${engine.name}: the contract`, async (t) => {
    t.test('migrated to the current schema, once, also when replicas open it together', async (t) => {
      const { store, another } = await engine.fresh(t)
      const more = await Promise.all([another(), another(), another()])
      t.equal(await store.schemaVersion(), 9)
      for (const s of more) t.equal(await s.schemaVersion(), 9)
      t.equal(store.engine, engine.name)
    })

    t.test('insert: stored with its mails queued; the same token stores once', async (t) => {
      const { store } = await engine.fresh(t)
      const now = new Date('2026-04-01T01:00:00Z')
      const a = await store.insert({ values, locale: 'ja', token: 'tok-1', now })
      const b = await store.insert({ values: { ...values, message: 'different' }, locale: 'en', token: 'tok-1', now })
      const c = await store.insert({ values, locale: 'en', token: null, now })
      const d = await store.insert({ values, locale: 'en', token: null, now })
      t.ok(a.created)
      t.same(b, { id: a.id, created: false, autoReply: false })
      t.ok(c.created && d.created && c.id !== d.id, 'requests without a token are all stored')
      t.equal(await store.findByToken('tok-1'), a.id)
      t.equal(await store.findByToken('tok-unknown'), null)
      const record = (await store.find(a.id))!
      t.equal(record.message, values.message, 'the first one is kept')
      t.equal(record.receivedAt, now.toISOString())
      t.equal(record.phone, '03-1234-5678')
      t.equal(record.privacyConsent, true)
      t.equal(record.company, values.company)
      t.same(record.mail, {
        staff: { status: 'pending', attempts: 0, lastError: null, sentAt: null },
        'auto-reply': { status: 'pending', attempts: 0, lastError: null, sentAt: null },
      })
      t.equal(await store.find('Q-20260401-NOPE00'), null)
      t.equal((await store.list()).length, 3)
      t.equal((await store.list({ since: '2026-04-02T00:00:00Z' })).length, 0)
      t.equal((await store.list({ limit: 1, newestFirst: true }))[0]!.id, d.id)
      t.same((await store.list()).map((r) => r.id), [a.id, c.id, d.id], 'oldest first')
    })

    t.test('one token sent to two replicas at the same moment: one inquiry, one id for all', async (t) => {
      const { store, another } = await engine.fresh(t)
      const replica = await another()
      const now = new Date()
      const results = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? store : replica).insert({ values, locale: 'ja', token: 'same-token', now })))
      t.equal(results.filter((r) => r.created).length, 1, 'stored once')
      t.equal(new Set(results.map((r) => r.id)).size, 1, 'every answer names the same id')
      t.equal((await store.list()).length, 1)
    })

    t.test('the auto-reply cap: per recipient, over the 24 hours before the inquiry', async (t) => {
      const { store } = await engine.fresh(t)
      const send = async (email: string, iso: string, autoReplyLimit: number | null = 2) =>
        (await store.insert({ values: { ...values, email, emailConfirm: email }, locale: 'ja', token: null, now: new Date(iso), ...(autoReplyLimit === null ? {} : { autoReplyLimit }) })).autoReply
      const firstDay = [
        await send('a@example.com', '2026-04-01T00:00:00Z'),
        await send('A+x@Example.com', '2026-04-01T06:00:00Z'),
        await send('a+y@example.com', '2026-04-01T12:00:00Z'),
        await send('b@example.com', '2026-04-01T12:00:00Z'),
      ]
      t.same(firstDay, [true, true, false, true], 'the third to one address in a day is not queued; another address is counted apart')
      t.equal(await send('a@example.com', '2026-04-01T23:59:59.999Z'), false, 'just under 24 hours after the first: still inside the window')
      t.equal(await send('a@example.com', '2026-04-02T00:00:00Z'), true, '24 hours after it, the first has left the window')
      t.equal(await send('c@example.com', '2026-04-01T00:00:00Z', 0), false, 'a cap of 0 queues none')
      t.equal(await send('a@example.com', '2026-04-02T00:00:01Z', null), true, 'no cap when none is given')
      const capped = (await store.list()).filter((r) => !r.mail['auto-reply'])
      t.same(capped.map((r) => r.email), ['a+y@example.com', 'a@example.com', 'c@example.com'], 'capped inquiries are stored, with their staff mail only')
      t.ok(capped.every((r) => r.mail.staff?.status === 'pending'))
      t.same(['Taro@Example.COM', 'taro+news@example.com', 'taro+a+b@example.com', '+x@example.com', 'a.b@example.com'].map(replyKey), ['taro@example.com', 'taro@example.com', 'taro@example.com', '+x@example.com', 'a.b@example.com'])
    })

    t.test('the cap is per inbox: the spellings a provider delivers to one inbox share it', async (t) => {
      const { store } = await engine.fresh(t)
      const now = new Date('2026-04-01T00:00:00Z')
      const gmail = ['v.ictim@gmail.com', 'v.i.c.t.i.m@gmail.com', 'victim@googlemail.com', 'V.I.C.T.I.M+spam@GoogleMail.com', '.victim.@gmail.com', 'vic..tim@gmail.com', 'victim+@gmail.com']
      const queued = []
      for (const email of gmail) queued.push((await store.insert({ values: { ...values, email, emailConfirm: email }, locale: 'ja', token: null, now, autoReplyLimit: 3 })).autoReply)
      t.same(queued, [true, true, true, false, false, false, false], 'seven spellings of one Gmail inbox: three auto-replies')
      t.same(gmail.map(replyKey), Array(gmail.length).fill('victim@gmail.com'))
      t.same(['.taro.@example.com', '..taro@example.com', 'ta.ro@example.com', 'ta.ro@gmail.co.jp'].map(replyKey), ['taro@example.com', 'taro@example.com', 'ta.ro@example.com', 'ta.ro@gmail.co.jp'], 'elsewhere only leading and trailing dots fold')
      t.same(['a@constructor', 'a@__proto__'].map(replyKey), ['a@constructor', 'a@__proto__'], 'no domain is looked up on a prototype')
    })

    t.test('the site-wide hourly budget: every recipient together, over the hour before the inquiry', async (t) => {
      const { store } = await engine.fresh(t)
      const send = async (email: string, iso: string, limits: { autoReplyLimit?: number; autoReplyBudgetPerHour?: number } = { autoReplyLimit: 1, autoReplyBudgetPerHour: 2 }) => {
        const r = await store.insert({ values: { ...values, email, emailConfirm: email }, locale: 'ja', token: null, now: new Date(iso), ...limits })
        return [r.autoReply, r.withheld ?? null]
      }
      t.same(await send('a@example.com', '2026-04-01T00:00:00Z'), [true, null])
      t.same(await send('a@example.com', '2026-04-01T00:10:00Z'), [false, 'recipient'], "the recipient's cap, reported as such")
      t.same(await send('b@example.com', '2026-04-01T00:20:00Z'), [true, null], 'a capped inquiry spends none of the budget')
      t.same(await send('c@example.com', '2026-04-01T00:30:00Z'), [false, 'site'], 'the third address in the hour: the site has sent two')
      t.same(await send('c@example.com', '2026-04-01T00:59:59.999Z'), [false, 'site'], 'just under an hour after the first: still inside')
      t.same(await send('c@example.com', '2026-04-01T01:00:00Z'), [true, null], 'an hour after the first, it has left the window')
      t.same(await send('d@example.com', '2026-04-01T01:00:01Z', { autoReplyBudgetPerHour: 0 }), [false, 'site'], 'a budget of 0 queues none')
      t.same(await send('e@example.com', '2026-04-01T01:00:02Z', {}), [true, null], 'no budget when none is given')
      const withheld = (await store.list()).filter((r) => !r.mail['auto-reply'])
      t.same(withheld.map((r) => r.email), ['a@example.com', 'c@example.com', 'c@example.com', 'd@example.com'], 'stored, with their staff mail only')
      t.ok(withheld.every((r) => r.mail.staff?.status === 'pending'))
    })

    t.test('the hourly budget holds when many addresses write to two replicas at once', async (t) => {
      const { store, another } = await engine.fresh(t)
      const replica = await another()
      const now = new Date()
      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => {
          const email = `sender-${i}@example.com`
          return (i % 2 ? store : replica).insert({ values: { ...values, email, emailConfirm: email }, locale: 'ja', token: `b-${i}`, now, autoReplyLimit: 3, autoReplyBudgetPerHour: 4 })
        }),
      )
      t.equal(results.filter((r) => r.created).length, 10, 'every inquiry stored')
      t.equal(results.filter((r) => r.autoReply).length, 4, 'exactly the budget of auto-replies queued')
      t.equal(results.filter((r) => r.withheld === 'site').length, 6)
    })

    t.test('the cap holds when one address writes to two replicas at once', async (t) => {
      const { store, another } = await engine.fresh(t)
      const replica = await another()
      const now = new Date()
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 ? store : replica).insert({ values, locale: 'ja', token: `t-${i}`, now, autoReplyLimit: 3 })))
      t.equal(results.filter((r) => r.created).length, 8, 'every inquiry stored')
      t.equal(results.filter((r) => r.autoReply).length, 3, 'exactly the cap of auto-replies queued')
    })

    t.test('the outbox: claims, leases, outcomes, retry, counts', async (t) => {
      const { store } = await engine.fresh(t)
      const now = Date.now()
      const { id } = await store.insert({ values, locale: 'ja', token: null, now: new Date(now) })
      t.same(await store.outboxCounts(), { pending: 2, failed: 0 })
      t.equal(await store.claimMail(now - 1, 10_000), null, 'nothing is due before its time')
      const staff = (await store.claimMail(now, 10_000))!
      const reply = (await store.claimMail(now, 10_000))!
      t.same([staff.kind, reply.kind].sort(), ['auto-reply', 'staff'], 'each mail claimed once')
      t.equal(staff.inquiryId, id)
      t.equal(await store.claimMail(now + 9_999, 10_000), null, 'claimed mail is nobody else’s while the lease lasts')
      t.ok(await store.mailSent(staff, new Date(now + 1)), 'the sent status is written under its claim')
      const again = (await store.claimMail(now + 10_000, 10_000))!
      t.equal(again.seq, reply.seq, 'after the lease the mail is due again (its worker died)')
      t.not(again.claim, reply.claim, 'under a new claim')
      t.notOk(await store.mailSent(reply, new Date()), 'the first claim can no longer write its outcome')
      await store.mailFailed(again, { giveUp: false, nextAttemptAt: now + 60_000, error: 'connection refused' })
      let record = (await store.find(id))!
      t.same(record.mail['auto-reply'], { status: 'pending', attempts: 1, lastError: 'connection refused', sentAt: null })
      t.same(record.mail.staff, { status: 'sent', attempts: 1, lastError: null, sentAt: new Date(now + 1).toISOString() })
      const last = (await store.claimMail(now + 60_000, 10_000))!
      t.equal(last.attempts, 1)
      await store.mailFailed(last, { giveUp: true, nextAttemptAt: now + 120_000, error: 'gave up' })
      t.same(await store.outboxCounts(), { pending: 0, failed: 1 })
      t.equal(await store.retryFailed(now + 70_000), 1)
      record = (await store.find(id))!
      t.equal(record.mail['auto-reply']?.status, 'pending')
      t.equal(record.mail['auto-reply']?.attempts, 0)
      t.same(await store.outboxCounts(), { pending: 1, failed: 0 })
    })

    t.test('two replicas claiming together: every mail claimed by exactly one', async (t) => {
      const { store, another } = await engine.fresh(t)
      const replica = await another()
      const now = Date.now()
      for (let i = 0; i < 10; i++) await store.insert({ values, locale: 'ja', token: null, now: new Date(now) })
      const claims = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? store : replica).claimMail(now, 60_000)))
      const seqs = claims.filter((c) => c !== null).map((c) => c!.seq)
      t.equal(seqs.length, 20, 'the 20 mails are all claimed')
      t.equal(new Set(seqs).size, 20, 'none twice')
    })
  })
}

t.test('postgres: an unreachable database is StoreUnavailable (503), and the store works again once it is back', async (t) => {
  const store = await pgStores(await freshPgUrl(), { poolSize: 2 })
  t.teardown(() => store.close())
  await store.ping()
  await postgres.pause()
  const err = await store.ping().then(
    () => null,
    (e: { code?: string; statusCode?: number }) => e,
  )
  t.equal(err?.code, 'SITE_STORE_UNAVAILABLE')
  t.equal(err?.statusCode, 503)
  await t.rejects(store.insert({ values, locale: 'ja', token: null, now: new Date() }), { code: 'SITE_STORE_UNAVAILABLE' }, 'nothing half-written: the insert fails whole')
  await postgres.resume()
  // The pool's idle connections died with the server; new ones are made as needed.
  const { created } = await store.insert({ values, locale: 'ja', token: null, now: new Date() })
  t.ok(created)
  t.equal((await store.list()).length, 1)
})
