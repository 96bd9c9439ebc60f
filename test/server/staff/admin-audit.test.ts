// /admin/audit through the real app: admins only; newest first; filters by account, action and day
// (Japan time) from the query, a bad value ignored with a message (never a crash); paging; times in
// Asia/Tokyo with UTC in the datetime and title attributes; hostile stored values shown inert.
import t from 'tap'
import type { AuditEntry } from '../../../server/staff/types'
import { addAccount, clock, LOCAL, signedInAdmin, signIn, staffApp, START } from './web-helper'

const entry = (at: number, action: string, target = '', accountId: string | null = null, address = '192.0.2.1'): AuditEntry => ({ at, accountId, address, action, target, outcome: 'ok' })

t.test('who may open /admin/audit', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const nobody = await app.inject({ url: '/admin/audit?day=2026-11-26', headers: LOCAL })
  t.equal(nobody.statusCode, 303)
  t.equal(nobody.headers.location, '/admin/sign-in?next=%2Fadmin%2Faudit%3Fday%3D2026-11-26')
  for (const role of ['editor', 'responder'] as const) {
    time.advance(30_000)
    const who = await signIn(app, time, await addAccount(app, time, role))
    t.equal((await app.inject({ url: '/admin/audit', headers: who.headers })).statusCode, 403, role)
  }
  time.advance(30_000)
  const admin = await signIn(app, time, await addAccount(app, time, 'admin'))
  const res = await app.inject({ url: '/admin/audit', headers: admin.headers })
  t.equal(res.statusCode, 200)
  t.equal(res.headers['cache-control'], 'no-store')
})

t.test('filters, paging, times, bad values', async (t) => {
  const time = clock()
  const { app, adminAccount, admin } = await signedInAdmin(t, time)
  const store = app.staffStore
  // 2026-11-26 23:30 JST is 14:30 UTC the same day; 2026-11-27 00:30 JST is 15:30 UTC on the 26th.
  await store.audit(entry(START + 14.5 * 3600_000, 'test.late', 'late-26'))
  await store.audit(entry(START + 15.5 * 3600_000, 'test.early', 'early-27'))
  for (let i = 0; i < 60; i++) await store.audit(entry(START - 86_400_000 * 3 + i * 1000, 'test.bulk', `bulk-${i}`))
  const get = (query: string) => app.inject({ url: `/admin/audit${query}`, headers: admin.headers })

  const first = await get('')
  t.equal(first.statusCode, 200)
  const order = [...first.body.matchAll(/data-target="([^"]*)"/g)].map((m) => m[1])
  t.equal(order[0], 'early-27', 'newest first')
  t.equal(order.length, 50, 'fifty a page')
  t.ok(first.body.includes('<time dateTime="2026-11-26T15:30:00.000Z" title="2026-11-26T15:30:00.000Z"><span class="staff-whole">2026-11-27</span> <span class="staff-whole">00:30:00 JST</span></time>'), 'Japan time, UTC in the attributes, the day and the time each whole')
  t.ok(first.body.includes('href="/admin/audit?page=2"'), 'a link to older entries')
  const second = await get('?page=2')
  t.ok(second.body.includes('bulk-0<'), 'the oldest on page 2')
  t.ok(second.body.includes('href="/admin/audit"'), 'and back')

  const day = await get('?day=2026-11-27')
  t.same([...day.body.matchAll(/data-target="([^"]*)"/g)].map((m) => m[1]), ['early-27'], 'the day is Japan\'s')
  const action = await get('?action=test.late')
  t.same([...action.body.matchAll(/data-target="([^"]*)"/g)].map((m) => m[1]), ['late-26'])
  const mine = await get(`?account=${encodeURIComponent(adminAccount.account.email.toUpperCase())}`)
  t.ok(/data-target="password"/.test(mine.body), 'the admin\'s own sign-in')
  t.notOk(mine.body.includes('bulk-'), 'nobody\'s entries left out')

  for (const [query, problem] of [
    ['?day=2026-02-30', 'day'],
    ['?day=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'day'],
    ['?action=%3Cimg%20src%3Dx%3E', 'action'],
    ['?account=nobody%40example.test', 'account'],
    ['?page=0', 'page'],
    ['?page=99999999999999999999', 'page'],
    ['?page=-1&day=x&action=A', 'action day page'],
  ] as const) {
    const res = await get(query)
    t.equal(res.statusCode, 200, `${query}: answered`)
    t.ok(res.body.includes(`data-problems="${problem}"`), `${query}: ignored with a message`)
    t.notOk(/<script>alert|<img src=x>/.test(res.body), 'shown back inert')
  }
  t.ok((await get('?day=2026-02-30')).body.includes('日付は 2026-11-26 の形式で指定します。'), 'in the page\'s language')
  const repeated = await get('?day=2026-11-27&day=x&action=test.early&action=y')
  t.equal(repeated.statusCode, 200, 'a parameter given twice: its first value')
})

t.test('hostile values stored in the log are shown inert', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const admin = await signIn(app, time, await addAccount(app, time, 'admin'))
  const hostile = ['<script>alert(1)</script>', '"><img src=x onerror=alert(2)>', '=HYPERLINK("http://evil.example","click")', 'esc\u001b[31mred\u0007bell\u0000nul', 'rtl\u202eexe.txt', '</script><script>alert(3)</script>']
  for (const [i, target] of hostile.entries()) await app.staffStore.audit(entry(time.now() + i, 'test.hostile', `path:/admin/${target}`, null, i === 1 ? target : '192.0.2.9'))
  // And through a real request: a refused one records its path.
  await app.inject({ url: '/admin/accounts/%3Cscript%3Ealert(4)%3C%2Fscript%3E', headers: { ...admin.headers, 'user-agent': '<script>alert(5)</script>\u0001' } })
  const res = await app.inject({ url: '/admin/audit?action=test.hostile', headers: admin.headers })
  t.equal(res.statusCode, 200)
  const body = res.body
  t.notOk(/<script>alert|<img src=x/.test(body), 'no markup from the log')
  t.ok(body.includes('&lt;script&gt;alert(1)&lt;/script&gt;'), 'shown as text')
  t.ok(body.includes('&quot;&gt;&lt;img src=x onerror=alert(2)&gt;') || body.includes('&quot;&gt;&lt;img'), 'the address too')
  t.ok(body.includes('=HYPERLINK(&quot;http://evil.example&quot;,&quot;click&quot;)'), 'a formula is just text')
  t.ok(body.includes('esc\\u{1b}[31mred\\u{7}bell\\u{0}nul'), 'control characters made visible')
  t.ok(body.includes('rtl\\u{202e}exe.txt'), 'a direction override made visible')
  t.notOk(/[\u0000\u0001\u0007\u001b\u202e]/.test(body), 'no raw control character in the page')
  t.equal((body.match(/<\/script>/g) ?? []).length, (body.match(/<script/g) ?? []).length, 'no script closed early')
})
