import t from 'tap'
import { logCollector } from '../../helper'
import { startSmtp } from '../contact/smtp'
import { clock } from '../staff/web-helper'
import { DAY, jobsApp, jst, sideStore, storeInquiry, triage, until } from './jobs-helper'

// The retention job through the real app (SQLite), on the injected clock: INQUIRY_RETENTION_DAYS after an
// inquiry was closed (done or spam) its personal data is erased, once a day, with one audit entry per
// inquiry and a log line of counts; legal hold and inquiries not due are kept.

const NAME = '保持 花子'
const EMAIL = 'hanako.retention@example.org'

t.test('retention: erases what is due, skips legal hold, open and not-yet-due inquiries, logs counts only', async (t) => {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const log = logCollector()
  const time = clock(jst(2025, 1, 10, 9))
  const { app, dataDir } = await jobsApp(t, time, { smtpPort: smtp.port, inbox: { retentionDays: 30, digestHour: null }, logStream: log.stream })
  const store = await sideStore(t, app, dataDir)
  const values = { name: NAME, email: EMAIL, emailConfirm: EMAIL, message: '個人情報を含む本文' }
  const done = await storeInquiry(store, time.now(), values)
  const spam = await storeInquiry(store, time.now(), values)
  const held = await storeInquiry(store, time.now(), values)
  const open = await storeInquiry(store, time.now(), values)
  const later = await storeInquiry(store, time.now(), values)
  await until(() => smtp.mails.length === 10)
  await triage(app, done, time.now(), { status: 'done' })
  await triage(app, spam, time.now(), { status: 'spam' })
  await triage(app, held, time.now(), { status: 'done', legalHold: true })
  await triage(app, open, time.now(), { status: 'in-progress' })
  await triage(app, later, time.now() + 20 * DAY, { status: 'done' })

  const first = await app.inboxJobs.run(time.now() + 29 * DAY)
  t.same(first.retention, { due: 0, erased: 0 }, 'nothing is due before 30 days')
  const day31 = time.now() + 31 * DAY
  t.same((await app.inboxJobs.run(day31)).retention, { due: 2, erased: 2 }, 'the done and the spam inquiry, 31 days after')
  t.same((await app.inboxJobs.run(day31 + 3_600_000)).retention, null, 'once a day')

  const erased = async (id: string) => (await app.inboxStore.detail(id))!.inquiry
  for (const id of [done, spam]) {
    const row = await erased(id)
    t.ok(row.erasedAt, `${id}: erased`)
    t.not(row.name, NAME, `${id}: no name`)
    t.not(row.email, EMAIL, `${id}: no address`)
    t.equal(row.id, id, 'the reference stays')
    t.equal(row.inquiryType, 'estimate', 'the type stays')
  }
  for (const id of [held, open, later]) t.equal((await erased(id)).name, NAME, `${id}: kept`)
  const audit = await app.staffStore.listAudit({ action: 'inquiry.erase' })
  t.same(audit.map((a) => a.target).sort(), [`inquiry:${done}`, `inquiry:${spam}`].sort(), 'one audit entry per erased inquiry')
  t.ok(audit.every((a) => a.accountId === null && a.address === 'job' && a.at === day31), 'by the job, at its time')

  const lines = log.lines.filter((l) => l.job === 'retention')
  t.same(lines.map((l) => [l.due, l.erased]), [[0, 0], [2, 2]], 'a line per run with the counts')
  t.notMatch(JSON.stringify(lines), new RegExp(`${done}|${spam}|${NAME}|${EMAIL}`), 'no reference or personal data in the log')

  t.same((await app.inboxJobs.run(time.now() + 51 * DAY)).retention, { due: 1, erased: 1 }, 'the later one, 30 days after it was closed')
  t.not((await erased(later)).name, NAME)
  t.equal((await erased(held)).name, NAME, 'legal hold still kept')
})

t.test('INQUIRY_RETENTION_DAYS=off: nothing is erased', async (t) => {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const time = clock(jst(2025, 1, 10, 9))
  const { app, dataDir } = await jobsApp(t, time, { smtpPort: smtp.port, inbox: { retentionDays: null } })
  const id = await storeInquiry(await sideStore(t, app, dataDir), time.now(), { name: NAME })
  await triage(app, id, time.now(), { status: 'done' })
  t.same((await app.inboxJobs.run(time.now() + 5000 * DAY)).retention, null)
  t.equal((await app.inboxStore.detail(id))!.inquiry.name, NAME)
})
