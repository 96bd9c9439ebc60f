import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { startPostgres } from '../../../scripts/engines.mjs'
import { freshPgDatabase, freshToken, validInquiry } from '../contact/helper'
import { logCollector } from '../../helper'
import { startSmtp } from '../contact/smtp'
import { addAccount, clock } from '../staff/web-helper'
import { startHookServer } from './hook-server'
import { DAY, jobsApp, jst, sideStore, storeInquiry, triage, until } from './jobs-helper'

// Three app instances ("replicas") on one PostgreSQL, one SMTP server and one webhook receiver: the daily
// jobs run by all three at the same moment are done once (claimJob), and each inquiry's webhook, like its
// mail, is posted by one of them only (the outbox's claims).

const SECRET = 'whsec-0123456789abcdef0123456789abcdef'
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
t.setTimeout(240_000)
const postgres = await startPostgres({ own: true })
t.teardown(() => postgres.stop())

t.test('three replicas: one digest per responder, one erasure (and audit entry) per due inquiry, one webhook per inquiry', async (t) => {
  const databaseUrl = await freshPgDatabase(postgres, 'inbox_jobs_replicas')
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const hooks = await startHookServer()
  t.teardown(hooks.close)
  const time = clock(jst(2025, 11, 26, 9, 30)) // a day the real clock has passed: what is queued then is due
  const options = { smtpPort: smtp.port, databaseUrl, inbox: { retentionDays: 30, digestHour: 9, webhook: { url: hooks.url(), format: 'json' as const, secret: SECRET } } }
  // Started together, as `docker compose up` starts replicas: their migrations meet in the database.
  const replicas = await Promise.all([0, 1, 2].map(() => jobsApp(t, time, options)))
  const apps: FastifyInstance[] = replicas.map((r) => r.app)
  const store = await sideStore(t, apps[0]!, replicas[0]!.dataDir, databaseUrl)

  const responders = [await addAccount(apps[0]!, time, 'responder'), await addAccount(apps[1]!, time, 'responder'), await addAccount(apps[2]!, time, 'responder')]
  await addAccount(apps[0]!, time, 'admin')
  const long = time.now() - 60 * DAY
  const due: string[] = []
  for (let i = 0; i < 4; i++) {
    const id = await storeInquiry(store, long, { name: `期限 ${i}` })
    await triage(apps[i % 3]!, id, long, { status: i % 2 ? 'spam' : 'done' })
    due.push(id)
  }
  const held = await storeInquiry(store, long)
  await triage(apps[0]!, held, long, { status: 'done', legalHold: true })
  await triage(apps[1]!, await storeInquiry(store, time.now() - DAY), time.now(), { assigneeId: responders[0]!.account.id, status: 'in-progress' })
  await triage(apps[2]!, await storeInquiry(store, time.now() - DAY), time.now(), { assigneeId: responders[1]!.account.id })
  await storeInquiry(store, time.now() - 5 * DAY) // stale: in every responder's digest

  // Six inquiries through the JSON API, two on each replica: each queues its webhook with its mail.
  const ids: string[] = []
  for (let i = 0; i < 6; i++) {
    const app = apps[i % 3]!
    const res = await app.inject({ method: 'POST', url: '/api/contact', payload: { ...validInquiry({ email: `v${i}@example.com`, emailConfirm: `v${i}@example.com` }), _token: await freshToken(app) } })
    t.equal(res.statusCode, 201)
    ids.push(res.json().id)
  }

  // The jobs, on all three at the same moment.
  const runs = await Promise.all(apps.map((app) => app.inboxJobs.run(time.now())))
  t.equal(runs.filter((r) => r.retention).length, 1, 'one replica ran the retention job')
  t.same(runs.find((r) => r.retention)?.retention, { due: 4, erased: 4 })
  t.equal(runs.filter((r) => r.digest).length, 1, 'one replica ran the digest')
  t.same(runs.find((r) => r.digest)?.digest, { recipients: 4, queued: 3 })
  t.same(await Promise.all(apps.map((app) => app.inboxJobs.run(time.now() + 60_000))), Array(3).fill({ retention: null, digest: null }), 'a minute later: nothing more')

  const digests = () => smtp.mails.filter((m) => m.headers['auto-submitted'] === 'auto-generated')
  await until(() => digests().length >= 3 && new Set(hooks.requests.map((r) => r.headers['x-webhook-id'])).size >= 6, 60_000)
  await until(async () => {
    const details = await Promise.all(ids.map((id) => apps[0]!.inboxStore.detail(id)))
    return details.every((d) => d?.mails.find((m) => m.kind === 'webhook')?.status === 'sent')
  })
  await pause(1000) // a second copy would come within a few polls (50 ms)
  t.same(digests().map((m) => m.to[0]).sort(), responders.map((r) => r.account.email).sort(), 'exactly one digest per responder')
  t.equal(hooks.requests.length, 6, 'six webhooks posted, no more')
  t.same(hooks.requests.map((r) => JSON.parse(r.raw.toString('utf8')).id).sort(), [...ids].sort(), 'one per inquiry')

  const audit = await apps[2]!.staffStore.listAudit({ action: 'inquiry.erase' })
  t.same(audit.map((a) => a.target).sort(), due.map((id) => `inquiry:${id}`).sort(), 'exactly one erase audit entry per due inquiry')
  t.equal((await apps[1]!.inboxStore.detail(held))!.inquiry.erasedAt, null, 'legal hold kept')
})

t.test('the database away at the hour: no error line, no job lost; the next look after it is back does it', async (t) => {
  const databaseUrl = await freshPgDatabase(postgres, 'inbox_jobs_outage')
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const log = logCollector()
  const time = clock(jst(2025, 11, 26, 9, 30))
  const { app, dataDir } = await jobsApp(t, time, { smtpPort: smtp.port, databaseUrl, inbox: { retentionDays: 30 }, logStream: log.stream })
  const store = await sideStore(t, app, dataDir, databaseUrl)
  const id = await storeInquiry(store, time.now() - 60 * DAY)
  await triage(app, id, time.now() - 60 * DAY, { status: 'done' })
  await storeInquiry(store, time.now() - 5 * DAY) // left new: in the digest
  await addAccount(app, time, 'responder')

  await postgres.pause()
  t.same(await app.inboxJobs.run(time.now()), { retention: null, digest: null }, 'nothing done while the database is away')
  t.same(await app.inboxJobs.run(time.now() + 60_000), { retention: null, digest: null }, 'nor at the next look (known to be down: not even asked)')
  t.ok(log.lines.some((l) => /inquiry database unreachable/.test(l.msg)), 'the outage is logged by the health monitor')
  t.same(log.lines.filter((l) => l.level >= 50).map((l) => l.msg), [], 'no error line')

  await postgres.resume()
  await until(async () => (await app.inject('/readyz')).statusCode === 200, 30_000)
  const back = await app.inboxJobs.run(time.now() + 120_000)
  t.same(back.retention, { due: 1, erased: 1 }, 'the retention job, once the database is back')
  t.same(back.digest, { recipients: 1, queued: 1 }, 'and the digest')
})
