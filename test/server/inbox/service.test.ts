// The inbox service (server/inbox/service.ts) without HTTP, on the real stores with an injected clock:
// each rule once. Only an admin lifts a legal hold (a responder is refused, audited; on SQLite and on
// PostgreSQL); who may be assigned; an erased inquiry is read-only; a retry only of failed or pending mail;
// a view and a change audited under the actor at the clock's time; a person's data erased by an admin only.
import t from 'tap'
import { CLI_ACTOR, type Actor } from '../../../server/db/actor'
import { createInboxService } from '../../../server/inbox/service'
import type { SiteStores } from '../stores'
import { startPostgres } from '../../../scripts/engines.mjs'
import { mailOutcome } from './detail-helper'
import { account, addInquiry, DAY, engines, entry, MIN, T0 } from './helper'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

const RESPONDER: Actor = { accountId: 'resp', role: 'responder', address: '192.0.2.7' }
const ADMIN: Actor = { accountId: 'boss', role: 'admin', address: '198.51.100.4' }

/** The service on a store, its clock at `time.now` (moved by the test), and how often it woke the outbox. */
async function serviceOn(store: SiteStores) {
  for (const a of [account('resp'), account('boss', { role: 'admin' }), account('ed', { role: 'editor' }), account('gone', { disabled: true })]) {
    await store.staff.addAccount(a, entry('account.add', a.id))
  }
  const time = { now: T0 + DAY }
  const kicks = { count: 0 }
  const inbox = createInboxService({ store: store.inbox, staff: store.staff, now: () => time.now, kick: () => kicks.count++, site: () => ({ email: 'info@example.co.jp' }) })
  return { inbox, time, kicks }
}

/** The audit entries of an action about one inquiry, newest first. */
const auditOf = async (store: SiteStores, action: string, id: string) => (await store.staff.listAudit({ action, limit: 100 })).filter((a) => a.target.startsWith(`inquiry:${id}`))

for (const engine of engines(postgres)) {
  t.test(`${engine.name}: only an admin lifts a legal hold`, async (t) => {
    const { store } = await engine.fresh(t)
    const { inbox, time } = await serviceOn(store)
    const id = await addInquiry(store)
    t.same(await inbox.change(RESPONDER, id, { legalHold: true }), { kind: 'done' }, 'a responder sets a hold')
    time.now += MIN
    t.same(await inbox.change(RESPONDER, id, { legalHold: false, status: 'done' }), { kind: 'forbidden' }, 'a responder lifting it: forbidden')
    const held = (await inbox.read(RESPONDER, id))!.inquiry
    t.same([held.legalHold, held.status], [true, 'new'], 'nothing of the change applied')
    t.strictSame(
      (await auditOf(store, 'request.refused', id)).map(({ at, accountId, address, target, outcome }) => ({ at, accountId, address, target, outcome })),
      [{ at: time.now, accountId: 'resp', address: '192.0.2.7', target: `inquiry:${id} hold`, outcome: 'refused' }],
      'the refusal audited once, under the responder, at the clock',
    )
    t.same(await inbox.change(ADMIN, id, { legalHold: false }), { kind: 'done' }, 'an admin lifts it')
    t.equal((await inbox.read(ADMIN, id))!.inquiry.legalHold, false)
    t.same((await auditOf(store, 'inquiry.change', id)).map((a) => a.accountId), ['boss', 'resp'], 'each change audited, newest first')
  })
}

t.test('sqlite: the other rules', async (t) => {
  const [sqlite] = engines(postgres)
  const { store } = await sqlite!.fresh(t)
  const { inbox, time, kicks } = await serviceOn(store)

  t.test('a view: its event and audit entry under the actor; the inquiry as read before it', async (t) => {
    const id = await addInquiry(store)
    const viewed = await inbox.view(RESPONDER, id)
    t.equal(viewed.kind, 'done')
    t.same(viewed.kind === 'done' && viewed.detail.events.filter((e) => e.kind === 'view'), [], 'read before the view')
    t.same((await inbox.read(RESPONDER, id))!.events.map((e) => [e.kind, e.accountId, e.at]), [['view', 'resp', time.now]])
    t.same((await auditOf(store, 'inquiry.view', id)).map((a) => [a.accountId, a.address, a.at]), [['resp', '192.0.2.7', time.now]])
    t.same(await inbox.view(RESPONDER, 'Q-NONE'), { kind: 'not-found' })
    t.same(await inbox.view(RESPONDER, 'x'.repeat(65)), { kind: 'not-found' }, 'an id no inquiry could have')
  })

  t.test('who may be assigned: an enabled responder or admin', async (t) => {
    const id = await addInquiry(store)
    for (const who of ['ed', 'gone', 'nobody']) t.same(await inbox.change(RESPONDER, id, { assigneeId: who }), { kind: 'invalid', field: 'assignee' }, who)
    t.same((await inbox.people(RESPONDER)).assignable.map((a) => a.id).sort(), ['boss', 'resp'])
    t.same(await inbox.change(RESPONDER, id, { assigneeId: 'boss' }), { kind: 'done' })
    t.same(await inbox.change(RESPONDER, id, { note: ' \u0007 ' }), { kind: 'invalid', field: 'note' }, 'a note of nothing but a control character')
    t.same(await inbox.change(RESPONDER, 'Q-NONE', { status: 'done' }), { kind: 'not-found' })
  })

  t.test('an erased inquiry is read-only: no change, reply or retry', async (t) => {
    const id = await addInquiry(store, { email: 'erased@example.com' })
    const failed = await mailOutcome(store, id, 'staff', 'failed', time.now)
    t.same(await inbox.erasePerson(ADMIN, 'Erased@Example.com'), { kind: 'done', erased: 1 })
    t.equal((await inbox.open(RESPONDER, id)).kind, 'gone')
    t.same(await inbox.change(RESPONDER, id, { status: 'done' }), { kind: 'gone' })
    t.same(await inbox.reply(RESPONDER, id, { subject: 'Re', body: 'Hello', status: null }), { kind: 'gone' })
    t.same(await inbox.retry(RESPONDER, id, failed), { kind: 'gone' })
    t.same((await inbox.read(RESPONDER, id))!.mails.find((m) => m.seq === failed)!.status, 'failed', 'the failed mail stays as it was')
  })

  t.test('a reply: queued To the inquiry, Reply-To the site, the outbox woken, audited', async (t) => {
    const id = await addInquiry(store, { email: 'asker@example.com' })
    const before = kicks.count
    const replied = await inbox.reply(RESPONDER, id, { subject: 'お問い合わせの件', body: '本文', status: 'waiting' })
    t.equal(replied.kind, 'done')
    t.equal(kicks.count, before + 1)
    const reply = (await inbox.read(RESPONDER, id))!.events.find((e) => e.kind === 'reply')!
    t.same([reply.data.to, reply.data.subject], ['asker@example.com', 'お問い合わせの件'])
    t.same((await auditOf(store, 'inquiry.reply', id)).map((a) => a.accountId), ['resp'])
  })

  t.test('a retry only of a failed or pending mail', async (t) => {
    const id = await addInquiry(store)
    const sent = await mailOutcome(store, id, 'staff', 'sent', time.now)
    t.same(await inbox.retry(RESPONDER, id, sent), { kind: 'refused' }, 'a sent mail: refused')
    t.same(await inbox.retry(RESPONDER, id, null), { kind: 'refused' }, 'no mail named')
    t.same(await auditOf(store, 'inquiry.retry', id), [], 'nothing audited')
    const failed = await mailOutcome(store, id, 'auto-reply', 'failed', time.now)
    t.same(await inbox.retry(RESPONDER, id, failed), { kind: 'done' }, 'a failed one: pending again')
    t.equal((await inbox.read(RESPONDER, id))!.mails.find((m) => m.seq === failed)!.status, 'pending')
  })

  t.test("a person's data: looked up audited by the address's hash; erased by an admin (or the CLI) only", async (t) => {
    await addInquiry(store, { email: 'person@example.com' })
    t.same(await inbox.person(RESPONDER, 'not an address'), { kind: 'invalid', field: 'email' })
    const held = await inbox.person(RESPONDER, ' Person@Example.com ')
    t.same(held.kind === 'done' && [held.email, held.found.length], ['person@example.com', 1])
    const lookups = (await store.staff.listAudit({ action: 'inquiry.person' })).map((a) => a.target)
    t.ok(lookups.length === 1 && /^email:[0-9a-f]{12}$/.test(lookups[0]!), 'the address by its hash, never written out')
    t.same(await inbox.erasePerson(RESPONDER, 'person@example.com'), { kind: 'forbidden' }, 'a responder: forbidden')
    t.same((await store.staff.listAudit({ action: 'request.refused' })).filter((a) => a.target.endsWith(' erase')).map((a) => a.accountId), ['resp'], 'audited')
    t.same(await inbox.erasePerson(CLI_ACTOR, 'person@example.com'), { kind: 'done', erased: 1 }, 'the command line may')
    t.same(inbox.exportPerson(ADMIN, 'person@example.com', 'xml'), { kind: 'invalid', field: 'format' })
  })

  t.test('the retention erasure: what was closed before the cut, not on hold, at the job\'s instant', async (t) => {
    const closed = await addInquiry(store)
    await inbox.change(RESPONDER, closed, { status: 'done' })
    const job: Actor = { accountId: null, role: null, address: 'job' }
    t.same(await inbox.eraseClosed(job, { closedBefore: time.now, at: time.now + DAY, batch: 1 }), { due: 0, erased: 0 }, 'closed at the cut: not before it')
    t.same(await inbox.eraseClosed(job, { closedBefore: time.now + 1, at: time.now + DAY, batch: 1 }), { due: 1, erased: 1 })
    t.equal((await inbox.read(job, closed))!.inquiry.erasedAt, time.now + DAY)
  })
})
