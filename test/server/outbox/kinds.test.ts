// The outbox sends the kinds it is handed (server/mail-kinds.ts) and no other: a row of a kind with no
// registration is never claimed (it stays pending, unsent, its attempts untouched) while the known kinds
// go out; a worker that has the kind sends it later. A real SQLite store, a real SMTP server, the site's texts
// from the app's content (the app itself sends nothing: no SMTP_URL).
import t from 'tap'
import { createTransport } from 'nodemailer'
import { createStoreHealth } from '../../../server/db/health'
import { openStores } from '../stores'
import { contactMailKinds } from '../../../server/contact/mail-kinds'
import { mailKinds, type MailKindDeps } from '../../../server/mail-kinds'
import { createOutbox, DEFAULT_OUTBOX, type OutboxOptions } from '../../../server/outbox/worker'
import type { KindRegistration } from '../../../server/outbox/types'
import { normalizeContact } from '../../../shared/pages/contact/normalize'
import { build, logCollector, testConfig } from '../../helper'
import { tempDataDir, validInquiry } from '../contact/helper'
import { startSmtp } from '../contact/smtp'
import { until } from '../inbox/jobs-helper'
import { all } from '../../../server/db/sql'

const allRows = () => (function* () {
  return (yield all('SELECT kind, claim FROM outbox ORDER BY seq')) as { kind: string; claim: string | null }[]
})()

const STAFF_TO = 'staff@example.test'
const OPTIONS: OutboxOptions = { ...DEFAULT_OUTBOX, pollMs: 50, leaseMs: 150, baseDelayMs: 100, maxDelayMs: 200 }

/** The app (for its content and log), a second connection to its database, and what a worker is built from. */
async function setup(t: { teardown: (fn: () => unknown) => void }) {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const log = logCollector()
  const contact = { ...testConfig().contact, to: STAFF_TO, from: 'noreply@example.test' }
  const config = testConfig({ dataDir: tempDataDir(t), logLevel: 'info', contact })
  const app = await build(t, config, { logStream: log.stream })
  await app.ready()
  const store = await openStores({ databaseUrl: '', dataDir: config.dataDir })
  const health = createStoreHealth(store, app.log, { probeMs: 2_000 })
  t.teardown(async () => {
    health.stop()
    await store.close()
  })
  const deps: MailKindDeps = { config, store, site: (locale) => app.contentHolder.current.content.site(locale) }
  const transport = createTransport({ url: `smtp://127.0.0.1:${smtp.port}` })
  const worker = (kinds: readonly KindRegistration[]) => createOutbox({ store, health, transport, from: contact.from, kinds, log: app.log.child({ component: 'outbox' }), options: OPTIONS })
  return { app, smtp, log, store, deps, worker }
}

t.test('a row of a kind with no registration stays pending and unsent; the known kinds are sent', async (t) => {
  const { app, smtp, log, store, deps, worker } = await setup(t)
  t.equal(app.outbox, null, 'the app sends nothing itself')
  const ids: string[] = []
  for (const email of ['hanako@example.com', 'jiro@example.com']) {
    const values = normalizeContact(validInquiry({ email, emailConfirm: email }), 'ja')
    ids.push((await store.insert({ values, locale: 'ja', token: null, now: new Date() })).id)
  }
  const withoutStaff = worker(mailKinds(deps).filter((k) => k.name !== 'staff'))
  withoutStaff.start()
  t.teardown(withoutStaff.stop)
  const states = async () => Promise.all(ids.map(async (id) => (await store.find(id))!.mail))
  await until(async () => (await states()).every((m) => m['auto-reply']?.status === 'sent'))
  const known = mailKinds(deps).map((k) => k.name).filter((name) => name !== 'staff')
  t.equal(await store.claimMail(Date.now() + 60_000, 1, known), null, 'nothing due of the kinds the worker knows: the staff mails are not among them')
  const claims = await store.database.runner.read(allRows())
  t.same(claims.map((r) => [r.kind, r.claim]).filter(([kind]) => kind === 'staff'), [['staff', null], ['staff', null]], 'never claimed')
  t.same(smtp.mails.map((m) => m.to).sort(), [['hanako@example.com'], ['jiro@example.com']], 'the auto-replies, and nothing to staff')
  for (const mail of await states()) t.same(mail.staff, { status: 'pending', attempts: 0, lastError: null, sentAt: null }, 'the staff mail untouched')
  t.same(await store.outboxCounts(), { pending: 2, failed: 0 })
  t.notOk(log.lines.some((l) => /^mail failed/.test(l.msg)), 'no failed attempt')

  await withoutStaff.stop()
  const full = worker(mailKinds(deps))
  full.start()
  t.teardown(full.stop)
  await until(async () => (await states()).every((m) => m.staff?.status === 'sent'))
  t.equal(smtp.mails.filter((m) => m.to.includes(STAFF_TO)).length, 2, 'a worker with the kind sends the rows left pending')
  for (const mail of await states()) t.equal(mail.staff?.attempts, 1, 'at their first attempt')
})

t.test('a kind registered twice is refused when the worker is made', async (t) => {
  const { deps, worker } = await setup(t)
  t.throws(() => worker([...mailKinds(deps), ...contactMailKinds(deps)]), /outbox kind 'staff' is registered twice/)
})
