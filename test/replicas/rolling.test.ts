import t from 'tap'
import { mailsByInquiry, sendInquiry, startCluster, startLoad, waitForMails, PAGES } from './cluster'

// Three replicas of the built server (dist/: `node build.mjs` first) behind Caddy, sharing PostgreSQL
// (DATABASE_URL), Redis (REDIS_URL) and an SMTP server. Under a steady load of page GETs and inquiries,
// the replicas are restarted one at a time, as a rolling upgrade does: no request fails, every
// acknowledged inquiry is stored once and mailed once (staff mail and auto-reply).

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
t.setTimeout(600_000) // also when run alone (TAP_TIMEOUT is 30 s there)

t.test('rolling restart of three replicas under load: 0 failed requests, every inquiry stored and mailed once', { timeout: 300_000 }, async (t) => {
  const cluster = await startCluster(t, { replicas: 3 })
  for (const path of PAGES) t.equal((await fetch(cluster.url + path)).status, 200, `GET ${path} answers 200 through the proxy`)

  // Paced inquiries (a few hundred in all): each is mailed twice, and the test waits for every mail.
  const load = startLoad(cluster.url, { getLoops: 3, postLoops: 2, postPauseMs: 50 })
  await pause(2000)
  for (let i = 0; i < cluster.replicas.length; i++) {
    const exit = await cluster.restart(i)
    t.same(exit, { code: 0, signal: null }, `replica ${i} exited 0 on SIGTERM`)
    await pause(1500) // the proxy's health check (every second) sees the new one before the next goes
  }
  await pause(2000)
  const { answers, ids } = await load.stop()

  const failed = answers.filter((a) => a.failed)
  const posts = answers.filter((a) => a.what.startsWith('POST'))
  t.ok(posts.length >= 20, `inquiries were sent throughout (${posts.length} POSTs, ${answers.length} requests)`)
  t.same(failed.slice(0, 10), [], `0 failed requests of ${answers.length} (${failed.length} failed)`)
  t.equal(new Set(ids).size, ids.length, 'every acknowledged id is distinct')

  const exported = await cluster.exportInquiries()
  const counts = new Map<string, number>()
  for (const r of exported) counts.set(r.id, (counts.get(r.id) ?? 0) + 1)
  t.same(
    ids.filter((id) => counts.get(id) !== 1),
    [],
    `every acknowledged inquiry is in the export exactly once (${ids.length} acknowledged, ${exported.length} exported)`,
  )
  t.equal(exported.length, ids.length, 'and nothing else was stored')

  const drainStarted = Date.now()
  const mail = await waitForMails(cluster.smtp.mails, ids)
  t.same(mail.missing, [], `every inquiry got its staff mail and auto-reply (${Date.now() - drainStarted} ms after the load)`)
  await pause(1000) // a duplicate would come now
  const { byId, unknown } = mailsByInquiry(cluster.smtp.mails)
  const twice = [...byId].filter(([, m]) => m.staff !== 1 || m.autoReply !== 1)
  t.same(twice, [], 'exactly one staff mail and one auto-reply per inquiry')
  t.equal(byId.size, ids.length, 'no mail for anything else')
  t.equal(unknown, 0)
  if (failed.length || twice.length) {
    for (let i = 0; i < cluster.replicas.length; i++) {
      const errors = cluster.logs(i).split('\n').filter((l) => /"level":(40|50|60)/.test(l))
      t.comment(`replica ${i} warnings/errors:\n${errors.slice(-20).join('\n')}`)
    }
  }
})

t.test('the contact rate limit counts across replicas (Redis): the 6th POST of one client is refused, whichever replica gets it', { timeout: 120_000 }, async (t) => {
  const cluster = await startCluster(t, { replicas: 2, env: { RATE_LIMIT_CONTACT_MAX: '5', RATE_LIMIT_CONTACT_WINDOW: '1 minute' } })
  // Straight to the replicas, alternately, as the proxy would forward them: TRUST_PROXY=127.0.0.1 makes each
  // replica take the client from X-Forwarded-For.
  const client = { 'x-forwarded-for': '203.0.113.7' }
  const statuses: number[] = []
  for (let n = 0; n < 6; n++) {
    const replica = cluster.replicas[n % 2]!
    statuses.push((await sendInquiry(replica.origin, n, { via: 'api', headers: client })).status)
  }
  t.same(statuses.slice(0, 5), [201, 201, 201, 201, 201], 'five POSTs of the client are accepted, by both replicas')
  const sixth = await sendInquiry(cluster.replicas[1]!.origin, 6, { via: 'api', headers: client })
  t.equal(statuses[5], 429, 'the 6th (on replica 0) is refused: 429')
  t.equal(sixth.status, 429, 'and a 7th on replica 1')
  const refused = await fetch(`${cluster.replicas[0]!.origin}/api/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...client },
    body: '{"locale":"en"}',
  })
  t.equal(refused.status, 429, 'whatever the body')
  t.ok(refused.headers.get('retry-after'), 'with Retry-After')
  const other = await sendInquiry(cluster.replicas[0]!.origin, 7, { via: 'api', headers: { 'x-forwarded-for': '203.0.113.8' } })
  t.equal(other.status, 201, 'another client is not limited')

  // Through the proxy: every POST comes from 127.0.0.1 (Caddy sets X-Forwarded-For to the address it was reached
  // from) and round robin spreads them over both replicas (the forms are loaded straight from replica 0, so only
  // the POSTs go through Caddy); the 6th is refused all the same.
  // The replicas' request log lines arrive through pipes: wait (a condition, not a time) until all are in.
  const logged = () => [0, 1].map((i) => cluster.requests(i, 'POST', '/').length)
  const untilLogged = async (total: number) => {
    const deadline = Date.now() + 15_000
    while (logged()[0]! + logged()[1]! < total && Date.now() < deadline) await pause(20)
    return logged()
  }
  const before = await untilLogged(9) // the 9 POSTs sent straight to the replicas above
  const viaProxy: number[] = []
  for (let n = 10; n < 16; n++) viaProxy.push((await sendInquiry(cluster.url, n, { via: n % 2 ? 'form' : 'api', formFrom: cluster.replicas[0]!.origin })).status)
  t.same(viaProxy, [201, 303, 201, 303, 201, 429], 'through Caddy: five accepted, the 6th refused')
  const after = (await untilLogged(15)).map((n, i) => n - before[i]!)
  t.same(after, [3, 3], 'each replica answered three of them')
})
