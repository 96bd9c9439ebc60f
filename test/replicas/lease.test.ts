import t from 'tap'
import { CONTACT_TO, mailsByInquiry, sendInquiry, startCluster } from './cluster'

// The outbox's claim (OUTBOX_LEASE_MS) across replicas sharing PostgreSQL: replica A claims a mail and is
// killed in the middle of sending it (the SMTP server holds the answer to its DATA); replica B sends that mail
// once the claim has expired. The mail A never finished is delivered once, by B.

const LEASE_MS = 3000
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))
t.setTimeout(300_000) // also when run alone (TAP_TIMEOUT is 30 s there)

t.test('a replica killed mid-send: after the lease another replica sends its mail, once', { timeout: 120_000 }, async (t) => {
  // Every DATA is held until A is dead: whichever replica claimed what, A is mid-send when killed.
  let holding = true
  const cluster = await startCluster(t, {
    replicas: 2,
    proxy: false,
    redis: false,
    env: { OUTBOX_LEASE_MS: String(LEASE_MS) },
    smtp: { stall: () => holding },
  })
  const [a, b] = cluster.replicas
  const sent = await sendInquiry(a!.origin, 1, { via: 'api' })
  t.equal(sent.status, 201, 'replica A stores the inquiry')
  const id = sent.id!

  // A's outbox, kicked by the new inquiry, claims a mail at once and waits for the SMTP server's answer.
  const deadline = Date.now() + 15_000
  while (cluster.smtp.held().length === 0 && Date.now() < deadline) await pause(20)
  t.ok(cluster.smtp.held().length > 0, 'a mail is mid-send (DATA sent, no answer yet)')
  const claimedAt = Date.now()

  const exit = await a!.stop('SIGKILL')
  t.equal(exit.signal, 'SIGKILL', 'replica A is killed')
  while (!cluster.smtp.held().some((m) => m.gone) && Date.now() < deadline) await pause(20)
  const stalled = cluster.smtp.held().find((m) => m.gone)
  t.ok(stalled, "A's connection is gone with its message unanswered")
  if (!stalled) return
  const kind = stalled.to.includes(CONTACT_TO) ? 'staff' : 'autoReply'
  t.equal(stalled.headers['x-inquiry-reference'], id, `A was sending the inquiry's ${kind} mail`)
  holding = false
  cluster.smtp.release() // A's message is dropped (its sender is gone); one of B's, if held, is accepted
  t.equal(mailsByInquiry(cluster.smtp.mails).byId.get(id)?.[kind] ?? 0, 0, `the ${kind} mail was not delivered by A`)

  // B sends what is due; the mail A held is due again only when A's claim expires.
  let arrivedAt = 0
  const end = Date.now() + 60_000
  while (Date.now() < end) {
    const counts = mailsByInquiry(cluster.smtp.mails).byId.get(id)
    if (counts?.[kind] && !arrivedAt) arrivedAt = Date.now()
    if (counts?.staff && counts.autoReply) break
    await pause(50)
  }
  t.ok(arrivedAt, `the ${kind} mail A never finished is delivered (by B)`)
  t.ok(arrivedAt - claimedAt >= LEASE_MS - 500, `not before A's claim expired (${arrivedAt - claimedAt} ms after A claimed it; lease ${LEASE_MS} ms)`)
  t.equal(b!.child.exitCode, null, 'replica B runs')

  await pause(LEASE_MS + 2000) // a second copy would come within a lease and a poll
  const { byId, unknown } = mailsByInquiry(cluster.smtp.mails)
  t.same(Object.fromEntries(byId), { [id]: { staff: 1, autoReply: 1 } }, 'one staff mail and one auto-reply, in the end')
  t.equal(unknown, 0)
  const [record] = (await cluster.exportInquiries()).filter((r) => r.id === id)
  t.match(record?.mail, { staff: { status: 'sent' }, autoReply: { status: 'sent' } }, 'both recorded as sent')
})
