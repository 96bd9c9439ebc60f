import t from 'tap'
import { build, logCollector, testConfig } from '../../helper'
import { contactApp, mailState, postJson, tempDataDir, validInquiry, withFormToken } from './helper'
import { startSmtp, waitFor } from './smtp'

// The auto-reply goes to whatever address was typed: one address gets at most
// CONTACT_AUTOREPLY_MAX_PER_DAY of them in 24 hours, however many clients send. Beyond that
// the inquiry is still stored and sent to staff, only the auto-reply is left out.

const FAST = { pollMs: 50, baseDelayMs: 200, maxDelayMs: 400, maxAttempts: 50 }
const mailSettings = (port: number) => ({ smtpUrl: `smtp://127.0.0.1:${port}`, to: 'staff@example.test', from: 'noreply@example.test' })
const to = (email: string, overrides: Record<string, unknown> = {}) => validInquiry({ email, emailConfirm: email, ...overrides })

t.test('at most 3 auto-replies a day to one address (case and +tags folded); staff still get every inquiry', async (t) => {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const log = logCollector()
  const dataDir = tempDataDir(t)
  // The clock runs 25 hours behind, so the day can end below while the mail it queues is already due.
  let now = Date.now() - 25 * 3600_000
  const clock = { outbox: FAST, now: () => new Date(now) }
  const { app } = await contactApp(t, mailSettings(smtp.port), clock, dataDir, log.stream)
  await app.ready()
  const send = async (target: typeof app, email: string) => {
    const res = await target.inject(postJson(await withFormToken(target, to(email, { locale: 'en' }))))
    t.equal(res.statusCode, 201, email)
    return res.json().id as string
  }
  const ids = []
  for (const email of ['victim@example.org', 'Victim@Example.ORG', 'victim+1@example.org', 'VICTIM+spam@example.org']) ids.push(await send(app, email))
  const other = await send(app, 'someone.else@example.org')
  await waitFor(() => smtp.mails.length === 5 + 4)
  const replies = smtp.mails.filter((m) => m.headers['auto-submitted'] === 'auto-replied')
  t.same(replies.map((m) => m.headers['x-inquiry-reference']).sort(), [...ids.slice(0, 3), other].sort(), 'three auto-replies to the victim, one to the other address')
  t.same(smtp.mails.filter((m) => m.to.includes('staff@example.test')).length, 5, 'staff get all five')
  t.same(mailState(dataDir, ids[3]!), { staff: mailState(dataDir, ids[3]!).staff }, 'the fourth has no auto-reply queued at all')
  const capped = log.lines.filter((l) => l.msg === 'auto-reply not queued: daily limit for the address reached')
  t.same(capped.map((l) => [l.inquiryId, l.limit, l.level]), [[ids[3], 3, 40]], 'logged once, as a warning, with the reference')
  t.notMatch(JSON.stringify(capped), /victim/i, 'without the address')

  // Counted in the database: a restart does not reset it.
  await app.close()
  const restarted = await contactApp(t, mailSettings(smtp.port), clock, dataDir)
  await restarted.app.ready()
  const fifth = await send(restarted.app, 'victim@example.org')
  // A day after the first three, the address may get an auto-reply again.
  now = Date.now()
  const nextDay = await send(restarted.app, 'victim@example.org')
  await waitFor(() => smtp.mails.length === 9 + 3)
  const later = smtp.mails.slice(9)
  t.same(later.filter((m) => m.headers['auto-submitted']).map((m) => m.headers['x-inquiry-reference']), [nextDay], 'after the restart the fifth is still capped; 24 hours on, one goes out')
  t.same(later.filter((m) => m.to.includes('staff@example.test')).map((m) => m.headers['x-inquiry-reference']).sort(), [fifth, nextDay].sort())
})

t.test('CONTACT_AUTOREPLY_MAX_PER_DAY sets the cap; 0 sends none', async (t) => {
  for (const max of [1, 0]) {
    const { app, dataDir } = await contactApp(t, { autoReplyMaxPerDay: max })
    const ids = []
    for (let i = 0; i < 2; i++) ids.push((await app.inject(postJson(await withFormToken(app, to('taro@example.com'))))).json().id as string)
    const queued = ids.map((id) => Boolean(mailState(dataDir, id)['auto-reply']))
    t.same(queued, max === 1 ? [true, false] : [false, false], `cap ${max}`)
    t.ok(ids.every((id) => mailState(dataDir, id).staff), 'the staff mail is always queued')
  }
})

t.test('spellings of one Gmail inbox share its cap: dots, googlemail.com, leading and trailing dots, +tags', async (t) => {
  const { app, dataDir } = await contactApp(t, { autoReplyMaxPerDay: 3, autoReplyMaxPerHour: 1000 })
  const spellings = ['v.ictim@gmail.com', 'v.i.c.t.i.m@gmail.com', 'victim@googlemail.com', 'Vic.Tim+x@GoogleMail.com', 'victim.@gmail.com', '.victim@gmail.com', 'vi..ctim@gmail.com']
  const ids: string[] = []
  for (const email of spellings) {
    const res = await app.inject(postJson(await withFormToken(app, to(email))))
    t.equal(res.statusCode, 201, email)
    ids.push(res.json().id)
  }
  const queued = ids.map((id) => Boolean(mailState(dataDir, id)['auto-reply']))
  t.same(queued, [true, true, true, false, false, false, false], 'seven spellings, one inbox: three auto-replies')
  t.ok(ids.every((id) => mailState(dataDir, id).staff), 'every inquiry is stored and queued for staff')
})

t.test('CONTACT_AUTOREPLY_MAX_PER_HOUR: a site-wide budget; beyond it stored and mailed to staff, logged and counted', async (t) => {
  const log = logCollector()
  let now = Date.parse('2026-04-01T00:00:00Z')
  const dataDir = tempDataDir(t)
  const config = { ...testConfig().contact, minFillMs: 0, rateLimitMax: 1000, autoReplyMaxPerDay: 3, autoReplyMaxPerHour: 2 }
  const app = await build(t, { dataDir, contact: config, logLevel: 'info', metricsPort: 0 }, { contact: { now: () => new Date(now) }, logStream: log.stream })
  await app.ready()
  const send = async (email: string) => (await app.inject(postJson(await withFormToken(app, to(email))))).json().id as string
  const ids = [await send('a@example.com'), await send('b@example.org'), await send('c@example.net')]
  t.same(ids.map((id) => Boolean(mailState(dataDir, id)['auto-reply'])), [true, true, false], 'two addresses get theirs; the third is beyond the hour')
  t.ok(ids.every((id) => mailState(dataDir, id).staff), 'staff get every inquiry')
  const withheld = log.lines.filter((l) => l.msg === 'auto-reply not queued: hourly limit of the whole site reached')
  t.same(withheld.map((l) => [l.inquiryId, l.limit, l.level]), [[ids[2], 2, 40]], 'one warning, with the reference and the limit')
  t.notMatch(JSON.stringify(withheld), /c@example/, 'without the address')
  now += 60 * 60 * 1000 + 1
  const later = await send('d@example.com')
  t.ok(mailState(dataDir, later)['auto-reply'], 'an hour on, the budget is free again')
  const metric = await app.metrics!.registry.getSingleMetricAsString('site_autoreplies_withheld_total')
  t.match(metric, /site_autoreplies_withheld_total\{reason="site"\} 1$/m)
  t.match(metric, /site_autoreplies_withheld_total\{reason="recipient"\} 0$/m)
})
