// Anonymous requests cannot fill the disk: 300 requests of varied shapes that no account sends (4 KB
// paths, long queries, cross-site POSTs, failed and throttled sign-ins, bad tokens, plain HTTP from outside)
// leave a few short audit rows that count them, through the real app on SQLite with the staff clock; the
// audit page and the JSON API show the counts.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { tokenFor } from '../inbox/inbox-helper'
import { addAccount, clock, entries, field, FORM, LOCAL, signIn, staffApp } from './web-helper'

const LONG = 'a'.repeat(3800)
const EVIL = { ...LOCAL, origin: 'https://evil.example', 'content-type': 'application/json' }
const OUTSIDE = { remoteAddress: '203.0.113.9', headers: { host: 'www.example.test' } }

/** The i-th request of the flood, one of five shapes in turn. */
function shape(app: FastifyInstance, i: number, signInToken: string) {
  switch (i % 5) {
    case 0:
      return app.inject({ method: 'POST', url: `/admin/enrol/${LONG}${i}/passkey-options`, headers: EVIL, payload: '{}' })
    case 1:
      return app.inject({ url: `/admin/api/inquiries?q=${'%E5%B1%B1'.repeat(300)}&page=${i}`, headers: LOCAL })
    case 2:
      return app.inject({ url: '/admin/api/me', headers: { ...LOCAL, authorization: `Bearer cst_${'x'.repeat(40)}${i}` } })
    case 3:
      return app.inject({ method: 'POST', url: '/admin/sign-in', headers: FORM, payload: new URLSearchParams({ _token: signInToken, email: `nobody${i}@example.test`, password: 'wrong password 1234', code: '000000' }).toString() })
    default:
      return app.inject({ url: `/admin/${LONG}${i}?secret=${i}`, ...OUTSIDE })
  }
}

t.test('300 anonymous requests: a few short rows that count them all', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const signInToken = field((await app.inject({ url: '/admin/sign-in', headers: LOCAL })).body, '_token')
  const statuses = new Map<number, number>()
  for (let i = 0; i < 300; i++) {
    time.advance(1000)
    const res = await shape(app, i, signInToken)
    statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
  }
  t.same([...statuses.keys()].filter((s) => ![401, 403, 429].includes(s)), [], 'each refused: no usable token, cross-site, from outside, a failed or throttled sign-in')

  const rows = await app.staffStore.listAudit({ limit: 10_000 })
  const bytes = rows.reduce((n, r) => n + Buffer.byteLength(r.target), 0)
  t.ok(rows.length <= 5, `${rows.length} rows (one per address, action and outcome this hour), not 300`)
  t.ok(bytes <= 1000, `${bytes} bytes of targets, not 300 × 4 KB`)
  t.equal(entries(rows), 300, 'every refusal and failure counted')
  const counted = (address: string, action: string) => rows.filter((r) => r.address === address && r.action === action).map((r) => r.repeats)
  t.same(counted('127.0.0.1', 'request.refused'), [180], 'cross-site POSTs and bad or missing tokens: one row')
  t.same(counted('203.0.113.9', 'request.refused'), [60], 'plain HTTP from outside: one row')
  const signIns = [...counted('127.0.0.1', 'signin.failed'), ...counted('127.0.0.1', 'signin.throttled')]
  t.ok(signIns.length <= 2 && signIns.reduce((a, b) => a + b, 0) === 60, `failed and throttled sign-ins: ${signIns.join(' + ')}`)
  for (const row of rows) {
    t.ok(row.target.length <= 'path:'.length + 201 + ' cross-site'.length, `a short target: ${row.target.slice(0, 80)}`)
    t.notMatch(row.target, /\?|secret|aaaaaaaaaa{300}/, 'no query, no 4 KB path')
  }
  t.equal(rows.find((r) => r.address === '127.0.0.1' && r.action === 'request.refused')?.target, 'path:/admin/enrol/[Redacted]/passkey-options cross-site', 'the first of the hour, its secret redacted')
})

t.test('a new hour: a new row; the audit page and the JSON API show the counts', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const refuse = () => app.inject({ url: '/admin/api/me', headers: { ...LOCAL, authorization: 'Bearer cst_unknown' } })
  for (let i = 0; i < 3; i++) await refuse()
  time.advance(60 * 60_000)
  await refuse()
  const admin = await addAccount(app, time, 'admin')
  const session = await signIn(app, time, admin)
  const page = await app.inject({ url: '/admin/audit?action=request.refused', headers: session.headers })
  t.equal(page.statusCode, 200)
  t.same([...page.body.matchAll(/data-repeats="(\d+)"/g)].map((m) => m[1]), ['3'], 'the row of three shows its count; the single one none')
  t.match(page.body, '（この1時間に3回）')
  const secret = await tokenFor(app, admin.account.id, 'admin', time.now())
  const api = await app.inject({ url: '/admin/api/audit', headers: { ...LOCAL, authorization: `Bearer ${secret}` } })
  t.same(
    api.json().entries.filter((e: { action: string }) => e.action === 'request.refused').map((e: { repeats: number; target: string }) => [e.repeats, e.target]),
    [
      [1, 'path:/admin/api/me token'],
      [3, 'path:/admin/api/me token'],
    ],
  )
})
