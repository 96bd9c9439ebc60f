// The inbox store's contract (server/inbox/types.ts) on both engines: every method, the widened
// outbox, two replicas racing for a job's period and a digest, and erasure leaving no personal text.
import t from 'tap'
import { EXPORT_PAGE_ROWS } from '../../../server/inbox/export'
import { InboxRefused } from '../../../server/inbox/refused'
import type { ExportedInquiry } from '../../../server/inbox/types'
import { startPostgres } from '../../../scripts/engines.mjs'
import { account, actor, addInquiry, DAY, engines, entry, MIN, T0 } from './helper'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

const page = { page: 1, pageSize: 50 }

/** Every page of an export, in one list. */
async function exported(pages: AsyncIterable<ExportedInquiry[]>): Promise<ExportedInquiry[]> {
  const rows: ExportedInquiry[] = []
  for await (const p of pages) rows.push(...p)
  return rows
}

for (const engine of engines(postgres)) {
  t.test(`${engine.name}: the inbox store`, async (t) => {
    t.test('migration 5: the store is at the current version (9), once, also with replicas opening together', async (t) => {
      const { store, another } = await engine.fresh(t)
      const more = await Promise.all([another(), another()])
      t.equal(await store.schemaVersion(), 9)
      for (const s of more) t.equal(await s.schemaVersion(), 9)
    })

    t.test('list: newest first, filters, paging and total; mail states; erased left out unless asked', async (t) => {
      const { store } = await engine.fresh(t)
      await store.staff.addAccount(account('resp', { name: '担当 花子' }), entry('account.add', 'x'))
      const ids: string[] = []
      for (let i = 0; i < 7; i++) {
        ids.push(await addInquiry(store, { inquiryType: i % 2 ? 'estimate' : 'other', email: `p${i}@example.com` }, T0 + i * DAY, { locale: i < 5 ? 'ja' : 'en' }))
      }
      const all = await store.inbox.list({}, page)
      t.same(all.rows.map((r) => r.id), [...ids].reverse(), 'newest first')
      t.equal(all.total, 7)
      t.same(all.rows[0]!.mail, { staff: 'pending', 'auto-reply': 'pending' })
      t.equal(all.rows[0]!.status, 'new')
      t.equal(all.rows[0]!.legalHold, false)
      t.equal(all.rows[0]!.erasedAt, null)

      const second = await store.inbox.list({}, { page: 2, pageSize: 3 })
      t.same(second.rows.map((r) => r.id), [ids[3], ids[2], ids[1]], 'page 2 of 3')
      t.equal(second.total, 7)
      t.same([second.page, second.pageSize], [2, 3])
      t.same((await store.inbox.list({}, { page: 4, pageSize: 3 })).rows, [], 'beyond the last page: no rows')

      await store.inbox.change(ids[1]!, { status: 'in-progress', assigneeId: 'resp' }, actor(), T0, entry('inquiry.change', ids[1]!))
      await store.inbox.change(ids[2]!, { status: 'done' }, actor(), T0, entry('inquiry.change', ids[2]!))
      const filtered = async (f: Parameters<typeof store.inbox.list>[0]) => (await store.inbox.list(f, page)).rows.map((r) => r.id)
      t.same(await filtered({ statuses: ['in-progress', 'done'] }), [ids[2], ids[1]])
      t.same(await filtered({ statuses: ['new'] }), [ids[6], ids[5], ids[4], ids[3], ids[0]])
      t.same(await filtered({ assignee: 'resp' }), [ids[1]])
      t.equal((await store.inbox.list({ assignee: 'resp' }, page)).rows[0]!.assigneeName, '担当 花子', 'the assignee by name')
      t.same(await filtered({ assignee: 'none' }), [ids[6], ids[5], ids[4], ids[3], ids[2], ids[0]])
      t.same(await filtered({ inquiryType: 'estimate' }), [ids[5], ids[3], ids[1]])
      t.same(await filtered({ locale: 'en' }), [ids[6], ids[5]])
      t.same(await filtered({ receivedFrom: new Date(T0 + 2 * DAY).toISOString(), receivedBefore: new Date(T0 + 4 * DAY).toISOString() }), [ids[3], ids[2]], 'from inclusive, before exclusive')
      t.same(await filtered({ email: 'P3@Example.com' }), [ids[3]], 'an address, in any case')
      t.equal((await store.inbox.list({ statuses: ['new'], locale: 'ja' }, page)).total, 3, 'filters together')

      await store.inbox.erase([ids[0]!], 'request', actor(), T0 + 8 * DAY)
      t.notOk((await filtered({})).includes(ids[0]!), 'erased: left out')
      t.ok((await filtered({ includeErased: true })).includes(ids[0]!), 'unless asked')
    })

    t.test('detail: the inquiry with its triage, events oldest first with their authors, every mail', async (t) => {
      const { store } = await engine.fresh(t)
      await store.staff.addAccount(account('resp', { name: '担当 花子' }), entry('account.add', 'x'))
      await store.staff.addAccount(account('other', { name: 'Other One' }), entry('account.add', 'x'))
      const id = await addInquiry(store, {}, T0, { webhook: true })
      t.equal(await store.inbox.detail('Q-20260401-NOPE00'), null)
      await store.inbox.recordView(id, actor(), T0 + MIN, entry('inquiry.view', id, T0 + MIN))
      t.equal(await store.inbox.change(id, { assigneeId: 'other', status: 'in-progress', note: '電話しました', legalHold: true }, actor(), T0 + 2 * MIN, entry('inquiry.change', id)), 'changed')
      const d = (await store.inbox.detail(id))!
      t.equal(d.inquiry.id, id)
      t.equal(d.inquiry.name, '山田 太郎')
      t.equal(d.inquiry.status, 'in-progress')
      t.equal(d.inquiry.assigneeId, 'other')
      t.equal(d.inquiry.assigneeName, 'Other One')
      t.equal(d.inquiry.legalHold, true)
      t.equal(d.inquiry.erasedAt, null)
      t.same(Object.keys(d.inquiry.mail).sort(), ['auto-reply', 'staff'])
      t.same(d.events.map((e) => [e.kind, e.accountName, e.at]), [
        ['view', '担当 花子', T0 + MIN],
        ['assign', '担当 花子', T0 + 2 * MIN],
        ['status', '担当 花子', T0 + 2 * MIN],
        ['note', '担当 花子', T0 + 2 * MIN],
        ['hold', '担当 花子', T0 + 2 * MIN],
      ])
      t.same(d.events[1]!.data, { from: null, to: 'other' })
      t.same(d.events[2]!.data, { from: 'new', to: 'in-progress' })
      t.same(d.events[3]!.data, { text: '電話しました' })
      t.same(d.events[4]!.data, { on: true })
      t.same(d.mails.map((m) => [m.kind, m.status, m.queuedAt, m.inquiryId]), [
        ['staff', 'pending', T0, id],
        ['auto-reply', 'pending', T0, id],
        ['webhook', 'pending', T0, id],
      ])
      const audit = await store.staff.listAudit({})
      t.same(audit.map((a) => a.action).sort(), ['account.add', 'account.add', 'inquiry.change', 'inquiry.view'])
    })

    t.test('change: no-ops write nothing; closed_at follows done/spam; spam cancels pending mail; bad assignees refused whole', async (t) => {
      const { store, raw } = await engine.fresh(t)
      await store.staff.addAccount(account('resp'), entry('account.add', 'x'))
      await store.staff.addAccount(account('gone', { disabled: true }), entry('account.add', 'x'))
      const id = await addInquiry(store)
      const closedAt = async () => (await raw.all('SELECT closed_at FROM inquiries WHERE id = ?', id))[0]!.closed_at
      t.equal(await store.inbox.change(id, { status: 'new', legalHold: false, assigneeId: null, note: '  ' }, actor(), T0, entry('inquiry.change', id)), 'changed', 'no hold to lift: a responder\'s false is no lifting')
      t.same((await store.inbox.detail(id))!.events, [], 'nothing changed: no event')
      await store.inbox.change(id, { status: 'done' }, actor(), T0 + 1, entry('inquiry.change', id))
      t.equal(Number(await closedAt()), T0 + 1, 'closed when done')
      await store.inbox.change(id, { status: 'spam' }, actor(), T0 + 2, entry('inquiry.change', id))
      t.equal(Number(await closedAt()), T0 + 1, 'done → spam: still closed since then')
      const d = (await store.inbox.detail(id))!
      t.same(d.mails.map((m) => m.status), ['cancelled', 'cancelled'], 'spam cancels the pending mail')
      t.same(d.inquiry.mail.staff?.status, 'cancelled')
      t.same(d.events.filter((e) => e.kind === 'mail').map((e) => e.data.outcome), ['cancelled', 'cancelled'], "each with its 'mail' event")
      t.equal(await store.claimMail(T0 + DAY, 60_000), null, 'a cancelled mail is never claimed')
      await store.inbox.change(id, { status: 'in-progress' }, actor(), T0 + 3, entry('inquiry.change', id))
      t.equal(await closedAt(), null, 'reopened: no longer closed')

      const before = (await store.staff.listAudit({})).length
      for (const [assigneeId, reason] of [['nobody', 'unknown-assignee'], ['gone', 'disabled-assignee']] as const) {
        const err = await store.inbox.change(id, { status: 'waiting', assigneeId }, actor(), T0 + 4, entry('inquiry.change', id)).catch((e) => e)
        t.ok(err instanceof InboxRefused && err.reason === reason, reason)
        t.match(err.message, assigneeId)
      }
      t.equal((await store.inbox.detail(id))!.inquiry.status, 'in-progress', 'a refused change changes nothing')
      t.equal((await store.staff.listAudit({})).length, before, 'and leaves no audit entry')
      t.equal(await store.inbox.change('Q-20260401-NOPE00', { status: 'done' }, actor(), T0, entry('inquiry.change', 'x')), 'gone', 'unknown: gone')
      await store.inbox.erase([id], 'request', actor(), T0 + 5)
      t.equal(await store.inbox.change(id, { status: 'done' }, actor(), T0 + 6, entry('inquiry.change', id)), 'gone', 'erased: gone')
    })

    t.test('change: only an admin lifts a legal hold; anyone else\'s lifting is refused whole, audited once, the hold kept', async (t) => {
      const { store } = await engine.fresh(t)
      for (const [id, role] of [['resp', 'responder'], ['boss', 'admin']] as const) await store.staff.addAccount(account(id, { role }), entry('account.add', 'x'))
      const id = await addInquiry(store)
      t.equal(await store.inbox.change(id, { legalHold: true }, actor(), T0, entry('inquiry.change', id)), 'changed', 'a responder sets a hold')
      const before = await store.staff.listAudit({})
      for (const who of [actor(), actor(null), actor('resp', 'editor')]) {
        const outcome = await store.inbox.change(id, { legalHold: false, status: 'done', note: 'x' }, who, T0 + MIN, entry('inquiry.change', id, T0 + MIN, who.accountId))
        t.equal(outcome, 'refused', `${who.role ?? 'no role'}: refused`)
      }
      const d = (await store.inbox.detail(id))!
      t.same([d.inquiry.legalHold, d.inquiry.status, d.events.map((e) => e.kind)], [true, 'new', ['hold']], 'the hold stays, nothing else of the change applied')
      const added = (await store.staff.listAudit({})).slice(0, -before.length)
      t.same(added.map((a) => [a.action, a.target, a.outcome, a.accountId]), [
        ['request.refused', `inquiry:${id} hold`, 'refused', 'resp'],
        ['request.refused', `inquiry:${id} hold`, 'refused', null],
        ['request.refused', `inquiry:${id} hold`, 'refused', 'resp'],
      ], 'each refusal audited once, no inquiry.change')
      t.equal(await store.inbox.change(id, { legalHold: false }, actor('boss', 'admin'), T0 + 2 * MIN, entry('inquiry.change', id, T0 + 2 * MIN, 'boss')), 'changed', 'an admin lifts it')
      t.equal((await store.inbox.detail(id))!.inquiry.legalHold, false)
    })

    t.test('queueReply: an outbox row with its payload, the event, the status, the first reply time; the worker gets it', async (t) => {
      const { store } = await engine.fresh(t)
      const id = await addInquiry(store)
      const reply = { to: 'taro@example.com', replyTo: 'info@example.co.jp', subject: 'Re: お問い合わせ', body: 'お世話になっております。', status: 'waiting' as const }
      const seq = (await store.inbox.queueReply(id, reply, actor(), T0 + 90 * MIN, entry('inquiry.reply', id)))!
      t.type(seq, 'number')
      const second = (await store.inbox.queueReply(id, { ...reply, body: '追伸', status: null }, actor(), T0 + 120 * MIN, entry('inquiry.reply', id)))!
      t.ok(second > seq, 'several replies per inquiry')
      const d = (await store.inbox.detail(id))!
      t.equal(d.inquiry.status, 'waiting', 'the reply moved it to waiting; the second (status null) kept it')
      t.same(d.events.map((e) => e.kind), ['reply', 'status', 'reply'])
      t.same(d.events[0]!.data, { outboxSeq: seq, to: reply.to, subject: reply.subject, body: reply.body })
      t.same(d.mails.filter((m) => m.kind === 'reply').map((m) => [m.seq, m.status, m.queuedAt]), [[seq, 'pending', T0 + 90 * MIN], [second, 'pending', T0 + 120 * MIN]])
      t.same(Object.keys(d.inquiry.mail).sort(), ['auto-reply', 'staff'], "a reply is not the inquiry's staff mail or auto-reply")
      const stats = await store.inbox.stats(T0 + DAY)
      t.equal(stats.medianFirstReplyMs, 90 * MIN, 'the first reply counts, not the second')
      t.equal(await store.inbox.queueReply('Q-20260401-NOPE00', reply, actor(), T0, entry('inquiry.reply', 'x')), null)

      const claimed = []
      for (let mail; (mail = await store.claimMail(T0 + 200 * MIN, 60_000)); ) claimed.push(mail)
      const replyMail = claimed.find((m) => m.seq === seq)!
      t.same(JSON.parse(replyMail.payload!), { to: reply.to, replyTo: reply.replyTo, subject: reply.subject, body: reply.body })
      t.same([replyMail.kind, replyMail.inquiryId, replyMail.attempts], ['reply', id, 0])
      t.equal(claimed.find((m) => m.kind === 'staff')!.payload, null)
      t.ok(await store.mailSent(replyMail, new Date(T0 + 201 * MIN)))
      const after = (await store.inbox.detail(id))!
      t.same(after.events.at(-1), { seq: after.events.at(-1)!.seq, inquiryId: id, at: T0 + 201 * MIN, accountId: null, accountName: null, kind: 'mail', data: { outboxSeq: seq, kind: 'reply', outcome: 'sent', attempts: 1 } })
      const staff = claimed.find((m) => m.kind === 'staff')!
      for (const m of claimed) if (m !== staff && m !== replyMail) await store.mailSent(m, new Date(T0 + 201 * MIN))
      const events = (await store.inbox.detail(id))!.events.length
      await store.mailFailed(staff, { giveUp: false, nextAttemptAt: T0 + 300 * MIN, error: 'busy', at: T0 + 202 * MIN })
      t.equal((await store.inbox.detail(id))!.events.length, events, 'a failure that will be retried: no event')
      const again = (await store.claimMail(T0 + 300 * MIN, 60_000))!
      await store.mailFailed(again, { giveUp: true, nextAttemptAt: T0 + 400 * MIN, error: 'rejected', at: T0 + 301 * MIN })
      t.same((await store.inbox.detail(id))!.events.at(-1)!.data, { outboxSeq: staff.seq, kind: 'staff', outcome: 'failed', attempts: 2, error: 'rejected' }, 'given up: its event')
    })

    t.test('retryMail: a failed mail pending again and due now; not another inquiry’s, a sent or cancelled one', async (t) => {
      const { store } = await engine.fresh(t)
      const id = await addInquiry(store)
      const other = await addInquiry(store)
      const mails = (await store.inbox.detail(id))!.mails
      const staff = (await store.claimMail(T0, 60_000))!
      await store.mailFailed(staff, { giveUp: true, nextAttemptAt: T0 + DAY, error: 'gave up', at: T0 })
      t.notOk(await store.inbox.retryMail(other, staff.seq, actor(), T0 + MIN, entry('inquiry.retry', other)), "another inquiry's mail")
      t.ok(await store.inbox.retryMail(id, staff.seq, actor(), T0 + MIN, entry('inquiry.retry', id)))
      const d = (await store.inbox.detail(id))!
      t.same(d.mails.find((m) => m.seq === staff.seq)!.status, 'pending')
      t.same(d.events.at(-1)!.kind, 'retry')
      t.same(d.events.at(-1)!.data, { outboxSeq: staff.seq })
      let due = (await store.claimMail(T0 + MIN, 60_000))!
      while (due.seq !== staff.seq) due = (await store.claimMail(T0 + MIN, 60_000))!
      t.equal(due.seq, staff.seq, 'due at once, attempts counted afresh')
      t.equal(due.attempts, 0)
      await store.mailSent(due, new Date(T0 + MIN))
      t.notOk(await store.inbox.retryMail(id, staff.seq, actor(), T0 + 2 * MIN, entry('inquiry.retry', id)), 'a sent mail')
      await store.inbox.change(id, { status: 'spam' }, actor(), T0 + 3 * MIN, entry('inquiry.change', id))
      t.notOk(await store.inbox.retryMail(id, mails[1]!.seq, actor(), T0 + 4 * MIN, entry('inquiry.retry', id)), 'a cancelled mail')
      t.same((await store.staff.listAudit({ action: 'inquiry.retry' })).length, 1, 'one audit entry: the retry done')
    })

    t.test('stats: 26 Monday-start Japan-time weeks, counts by type, median first reply', async (t) => {
      const { store } = await engine.fresh(t)
      // Monday 2026-04-06 00:00 in Japan is 2026-04-05T15:00Z.
      const monday = Date.UTC(2026, 3, 5, 15)
      const now = monday + 3 * DAY
      const a = await addInquiry(store, { inquiryType: 'estimate' }, monday)
      await addInquiry(store, { inquiryType: 'other' }, monday - 1, {})
      const c = await addInquiry(store, { inquiryType: 'estimate' }, monday - 25 * 7 * DAY)
      await addInquiry(store, { inquiryType: 'estimate' }, monday - 25 * 7 * DAY - 1)
      await store.inbox.queueReply(a, { to: 'x@example.com', replyTo: 'y@example.com', subject: 's', body: 'b', status: null }, actor(), monday + 60 * MIN, entry('inquiry.reply', a))
      await store.inbox.queueReply(c, { to: 'x@example.com', replyTo: 'y@example.com', subject: 's', body: 'b', status: null }, actor(), monday - 25 * 7 * DAY + 120 * MIN, entry('inquiry.reply', c))
      const s = await store.inbox.stats(now)
      t.equal(s.weeks.length, 26)
      t.equal(s.weeks[25]!.start, '2026-04-06', 'the last week is the current one, from Monday')
      t.equal(s.weeks[24]!.start, '2026-03-30')
      t.equal(s.weeks[0]!.start, '2025-10-13')
      t.equal(s.weeks[25]!.counts.estimate, 1)
      t.equal(s.weeks[24]!.counts.other, 1, 'one millisecond before Monday in Japan: the week before')
      t.equal(s.weeks[0]!.counts.estimate, 1, 'the oldest week counted; before it, nothing')
      t.equal(s.weeks[10]!.counts.estimate, 0, 'every type, 0 when none')
      t.equal(s.weeks.reduce((n, w) => n + Object.values(w.counts).reduce((a, b) => a + b, 0), 0), 3)
      t.equal(s.medianFirstReplyMs, 90 * MIN, 'median of 60 and 120 minutes')
      t.equal(s.replied, 2)
      t.equal((await store.inbox.stats(now + 400 * DAY)).medianFirstReplyMs, null, 'none replied in the window')
    })

    t.test('exportPages: every match with notes and replies, an export event each, the audit entry', async (t) => {
      const { store } = await engine.fresh(t)
      await store.staff.addAccount(account('resp', { name: '担当' }), entry('account.add', 'x'))
      const a = await addInquiry(store, { email: 'a@example.com', preferredDate: '2026-05-01' })
      const b = await addInquiry(store, { email: 'b@example.com' }, T0 + 1)
      await store.inbox.change(a, { note: 'メモ' }, actor(), T0 + 2, entry('inquiry.change', a))
      const seq = (await store.inbox.queueReply(a, { to: 'a@example.com', replyTo: 'r@example.com', subject: '件名', body: '本文', status: 'waiting' }, actor(), T0 + 3, entry('inquiry.reply', a)))!
      const rows = await exported(store.inbox.exportPages({}, actor(), T0 + 4, entry('inquiry.export', '')))
      t.same(rows.map((r) => r.id), [b, a], 'newest first')
      const ra = rows[1]!
      t.equal(ra.message, '事務所の改修について相談したいです。')
      t.equal(ra.preferredDate, '2026-05-01')
      t.same(ra.notes, [{ at: T0 + 2, author: '担当', text: 'メモ' }])
      t.same(ra.replies, [{ at: T0 + 3, author: '担当', to: 'a@example.com', subject: '件名', body: '本文', status: 'pending' }])
      t.ok(seq > 0)
      t.equal(ra.status, 'waiting')
      t.same((await exported(store.inbox.exportPages({ email: 'B@example.com' }, actor(), T0 + 5, entry('inquiry.export', '')))).map((r) => r.id), [b])
      t.same(await exported(store.inbox.exportPages({ email: 'nobody@example.com' }, actor(), T0 + 6, entry('inquiry.export', ''))), [], 'none: no page')
      t.same((await store.inbox.detail(a))!.events.filter((e) => e.kind === 'export').length, 1)
      t.same((await store.inbox.detail(b))!.events.filter((e) => e.kind === 'export').length, 2)
      t.equal((await store.staff.listAudit({ action: 'inquiry.export' })).length, 3, 'audited, also when none matched')
    })

    t.test('exportPages: keyset pages in order, none twice or missed while inquiries arrive; only what was read is recorded', async (t) => {
      const { store, raw } = await engine.fresh(t)
      const total = 2 * EXPORT_PAGE_ROWS + 50
      await raw.fill(0, total)
      const filled = (await raw.all('SELECT id FROM inquiries ORDER BY seq DESC')).map((r) => r.id as string)
      const exportEvents = async () => Number((await raw.all("SELECT COUNT(*) AS n FROM inquiry_events WHERE kind = 'export'"))[0]!.n)

      const pages: string[][] = []
      const arrived: string[] = []
      for await (const page of store.inbox.exportPages({}, actor(), T0, entry('inquiry.export', ''))) {
        pages.push(page.map((r) => r.id))
        t.equal(await exportEvents(), pages.flat().length, `page ${pages.length}: an export event for each inquiry read so far, no more`)
        // Inquiries arrive between pages, newer than any: not in the export, and no page shifts.
        arrived.push(await addInquiry(store, { email: `late${pages.length}@example.com` }, T0 + pages.length * MIN))
      }
      t.same(pages.map((p) => p.length), [EXPORT_PAGE_ROWS, EXPORT_PAGE_ROWS, 50], 'pages of EXPORT_PAGE_ROWS')
      t.same(pages.flat(), filled, 'every inquiry there at the start, newest first, once')
      t.notOk(pages.flat().some((id) => arrived.includes(id)), 'none received after the export started')
      t.equal((await store.staff.listAudit({ action: 'inquiry.export' })).length, 1, 'one audit entry')

      const first: string[] = []
      for await (const page of store.inbox.exportPages({}, actor(), T0, entry('inquiry.export', ''))) {
        first.push(...page.map((r) => r.id))
        break // the client went away after the first page
      }
      t.same(first, [...arrived].reverse().concat(filled).slice(0, EXPORT_PAGE_ROWS), 'the second export starts with the newest')
      t.equal(await exportEvents(), total + EXPORT_PAGE_ROWS, 'the abandoned export recorded its first page only')
    })

    t.test('claimJob and queueDigest: two replicas at the same moment, exactly one wins', async (t) => {
      const { store, another } = await engine.fresh(t)
      const replica = await another()
      const claims = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? store : replica).inbox.claimJob('digest', '2026-04-01', T0)))
      t.equal(claims.filter(Boolean).length, 1, 'one claim of (job, period)')
      t.ok(await store.inbox.claimJob('digest', '2026-04-02', T0), 'the next period is free')
      t.ok(await store.inbox.claimJob('retention', '2026-04-01', T0), 'another job is free')
      const payload = { to: 'resp@example.com', subject: '今日の問い合わせ', text: '3 件' }
      const digests = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? store : replica).inbox.queueDigest('resp', '2026-04-01', payload, T0)))
      t.equal(digests.filter(Boolean).length, 1, 'one digest per account and day')
      t.ok(await store.inbox.queueDigest('resp', '2026-04-02', payload, T0))
      t.ok(await store.inbox.queueDigest('other', '2026-04-01', payload, T0))
      const mail = (await store.claimMail(T0, 60_000))!
      t.same([mail.kind, mail.inquiryId, JSON.parse(mail.payload!)], ['digest', null, payload])
      t.ok(await store.mailSent(mail, new Date(T0)), 'sent, with no inquiry and no event')
    })

    t.test('digestFor: open inquiries assigned to the account, and those left new since before a time', async (t) => {
      const { store } = await engine.fresh(t)
      await store.staff.addAccount(account('resp'), entry('account.add', 'x'))
      const mine = await addInquiry(store, {}, T0)
      const mineDone = await addInquiry(store, {}, T0)
      const staleNew = await addInquiry(store, {}, T0 - DAY)
      await addInquiry(store, {}, T0)
      await store.inbox.change(mine, { assigneeId: 'resp', status: 'waiting' }, actor(), T0, entry('inquiry.change', mine))
      await store.inbox.change(mineDone, { assigneeId: 'resp', status: 'done' }, actor(), T0, entry('inquiry.change', mineDone))
      const d = await store.inbox.digestFor('resp', new Date(T0 - 1).toISOString())
      t.same(d.assigned.map((r) => r.id), [mine])
      t.same(d.stale.map((r) => r.id), [staleNew])
    })

    t.test('dueForErasure and erase: personal data gone from every table and the index; hold kept but for a request', async (t) => {
      const { store, raw } = await engine.fresh(t)
      await store.staff.addAccount(account('resp'), entry('account.add', 'x'))
      const secret = { name: '秘密 次郎', nameKana: 'ヒミツジロウ', company: '株式会社ひみつ', email: 'jiro.secret@example.org', phone: '090-9876-5432', message: '外壁の極秘の相談です。XYZZY' }
      const id = await addInquiry(store, secret, T0, { webhook: true })
      const held = await addInquiry(store, { name: '保留 三郎', email: 'held@example.org' }, T0)
      const open = await addInquiry(store, {}, T0)
      await store.inbox.change(id, { note: '次郎さんに電話 090-9876-5432', status: 'done' }, actor(), T0 + MIN, entry('inquiry.change', id))
      const replySeq = (await store.inbox.queueReply(id, { to: secret.email, replyTo: 'r@example.com', subject: '秘密 次郎 様', body: 'XYZZY の件', status: 'done' }, actor(), T0 + 2 * MIN, entry('inquiry.reply', id)))!
      const sent = (await store.claimMail(T0, 60_000))!
      await store.mailSent(sent, new Date(T0 + 3 * MIN))
      await store.inbox.change(held, { status: 'spam', legalHold: true }, actor(), T0 + MIN, entry('inquiry.change', held))
      t.same(await store.inbox.dueForErasure(T0 + 10 * MIN), [id], 'closed before the time, not held, not open')
      t.same(await store.inbox.dueForErasure(T0 + MIN), [], 'closed at or after the time: not yet')
      t.equal(await store.inbox.erase([id, held, 'Q-20260401-NOPE00'], 'retention', actor(null), T0 + DAY), 1, 'held skipped, unknown skipped')
      t.equal(await store.inbox.erase([id], 'retention', actor(null), T0 + DAY), 0, 'already erased: skipped')
      t.equal(await store.inbox.erase([held], 'request', actor(), T0 + DAY), 1, 'a request erases one on hold')

      const text = await raw.everyText()
      for (const [field, value] of Object.entries(secret)) t.notOk(text.includes(value), `no ${field} in any table`)
      for (const fragment of ['秘密', 'ひみつ', 'XYZZY', 'jiro.secret', '保留', 'held@example.org']) t.notOk(text.includes(fragment), `no "${fragment}" anywhere`)
      if (raw.file) {
        // secure_delete and FTS5's secure-delete: the old text is overwritten in the file, not left in free space.
        const file = await raw.file()
        for (const fragment of ['秘密 次郎', 'jiro.secret@example.org', 'XYZZY', '090-9876-5432', '保留 三郎']) t.notOk(file.includes(fragment), `"${fragment}" nowhere in the database file`)
        t.ok(file.includes('事務所の改修について相談したいです。'), 'while the inquiry not erased is there: the check can find text')
      }
      for (const q of ['秘密', 'ﾋﾐﾂ', '極秘', 'jiro', '5432', '外壁', 'xyzzy', '保留']) t.equal((await store.inbox.list({ q, includeErased: true }, page)).total, 0, `the index finds nothing for ${q}`)
      const d = (await store.inbox.detail(id))!
      t.same([d.inquiry.name, d.inquiry.email, d.inquiry.message, d.inquiry.phone, d.inquiry.company, d.inquiry.nameKana], ['', '', '', '', '', ''])
      t.same([d.inquiry.id, d.inquiry.inquiryType, d.inquiry.status, d.inquiry.locale], [id, 'estimate', 'done', 'ja'], 'reference, type, status, language kept')
      t.equal(d.inquiry.erasedAt, T0 + DAY)
      t.same(d.events.filter((e) => e.kind === 'note' || e.kind === 'reply').map((e) => e.data), [{}, {}], 'notes and replies keep their kind, not their text')
      t.same(d.events.at(-1)!.data, { reason: 'retention' })
      t.ok(d.mails.filter((m) => m.seq !== sent.seq).every((m) => m.status === 'cancelled'), 'pending mail cancelled')
      t.equal(d.mails.find((m) => m.seq === replySeq)!.status, 'cancelled')
      t.same((await store.staff.listAudit({ action: 'inquiry.erase' })).map((a) => a.target).sort(), [`inquiry:${held}`, `inquiry:${id}`].sort())
      t.same((await store.inbox.list({}, page)).rows.map((r) => r.id), [open], 'only the open one is listed')
    })
  })
}
