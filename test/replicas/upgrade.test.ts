import t, { type Test } from 'tap'
import { join } from 'node:path'
import pg from 'pg'
import { buildRelease, currentVersion, previousRelease } from '../../scripts/releases.mjs'
import { CONTACT_TO, mailsByInquiry, startCluster, startLoad, waitForMails, type Cluster } from './cluster'

// The upgrade an operator runs (docs/operations.md, "Upgrade and rollback"): the previous release (CHANGELOG.md,
// built from its commit by scripts/releases.mjs) on three replicas sharing PostgreSQL, Redis and SMTP behind Caddy,
// replaced one at a time by this release (dist/: `node build.mjs` first) under a steady load of pages and
// inquiries, then rolled back the same way. The first replica of this release migrates the database while the
// others still run the previous release, which then runs on the new schema. Nothing may fail: every request
// answered, every acknowledged inquiry stored once, one staff mail and one auto-reply each, to the right people,
// and a row of a kind neither release knows (as a later release would queue it) never sent.

t.setTimeout(900_000) // also when run alone

const previous = previousRelease()
const previousDist = join(buildRelease(previous), 'dist')
const until = async (what: string, ok: () => boolean | Promise<boolean>, timeoutMs = 60_000) => {
  const end = Date.now() + timeoutMs
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/** Replaces each replica in turn with `dist`, each taken into the proxy's rotation (it served a page) before the next goes. */
async function roll(t: Test, cluster: Cluster, dist: string, load: { ids: string[] }, label: string) {
  for (let i = 0; i < cluster.replicas.length; i++) {
    const exit = await cluster.restart(i, dist)
    t.same(exit, { code: 0, signal: null }, `${label}: replica ${i} exited 0 on SIGTERM`)
    const acknowledged = load.ids.length
    // In rotation again: the proxy sent it a page, and inquiries kept being acknowledged meanwhile.
    await until(`replica ${i} to serve through the proxy`, () => cluster.requests(i, 'GET', '/').length > 0)
    await until('an inquiry acknowledged since', () => load.ids.length > acknowledged)
  }
}

t.test(`upgrade ${previous.version} → ${currentVersion()} and back, one replica at a time under load`, { timeout: 800_000 }, async (t) => {
  const cluster = await startCluster(t, { replicas: 3, dist: previousDist })
  const db = new pg.Pool({ connectionString: cluster.pg!.url, max: 2 })
  t.teardown(() => db.end())
  const schema = async () => Number((await db.query('SELECT MAX(version) AS v FROM schema_migrations')).rows[0].v)
  t.equal(await schema(), Math.max(...previous.schemas), `the database is at ${previous.version}'s schema`)

  // A kind a later release adds (its CHECK widened as that release's migration would): neither release may send it.
  await db.query('ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check')
  const now = Date.now()
  const future = (await db.query("INSERT INTO outbox (inquiry_id, kind, status, attempts, next_attempt_at, queued_at, payload, dedupe_key) VALUES (NULL, 'survey', 'pending', 0, $1, $1, '{}', 'survey:1') RETURNING seq", [now])).rows[0].seq

  const load = startLoad(cluster.url, { getLoops: 2, postLoops: 1 })
  await until('the load to be acknowledged', () => load.ids.length >= 5)
  await roll(t, cluster, 'dist', load, 'upgrade')
  t.equal(await schema(), 9, "this release's first replica migrated the database while the others ran the previous one")
  t.same((await db.query('SELECT release FROM schema_migrations WHERE version = 9')).rows, [{ release: currentVersion() }], 'and recorded which release did')
  const upgraded = load.ids.length
  await roll(t, cluster, previousDist, load, 'rollback')
  await until('inquiries acknowledged by the previous release on the new schema', () => load.ids.length >= upgraded + 5)
  const { answers, ids } = await load.stop()

  const failed = answers.filter((a) => a.failed)
  t.ok(ids.length >= 30, `inquiries were sent throughout (${ids.length} acknowledged, ${answers.length} requests)`)
  t.same(failed.slice(0, 10), [], `0 failed requests of ${answers.length} (${failed.length} failed)`)

  const exported = await cluster.exportInquiries()
  const byId = new Map(exported.map((r) => [r.id, r]))
  t.equal(exported.length, ids.length, 'every acknowledged inquiry stored, and nothing else')
  t.same(ids.filter((id) => !byId.has(id)), [], 'none lost')

  const mail = await waitForMails(cluster.smtp.mails, ids)
  t.same(mail.missing, [], 'every inquiry got its staff mail and auto-reply')
  const counts = mailsByInquiry(cluster.smtp.mails)
  t.same([...counts.byId].filter(([, m]) => m.staff !== 1 || m.autoReply !== 1), [], 'exactly one of each: nothing sent twice')
  t.equal(counts.unknown, 0, 'no mail without an inquiry (the unknown kind was not sent)')
  const misdirected = cluster.smtp.mails.filter((m) => {
    const inquiry = byId.get(m.headers['x-inquiry-reference'] ?? '')
    return !inquiry || !(m.to.includes(CONTACT_TO) || m.to.includes(inquiry.email))
  })
  t.same(misdirected.map((m) => m.to), [], "each mail went to the company or to its inquiry's visitor")
  const row = (await db.query('SELECT status, attempts, claim FROM outbox WHERE seq = $1', [future])).rows[0]
  t.same(row, { status: 'pending', attempts: 0, claim: null }, 'the row of the unknown kind was left alone by both releases, untouched')
  if (failed.length) {
    for (let i = 0; i < cluster.replicas.length; i++) t.comment(`replica ${i}:\n${cluster.logs(i).split('\n').filter((l) => /"level":(40|50|60)/.test(l)).slice(-20).join('\n')}`)
  }
})
