// /admin/inquiries/stats through the real app and store: the chart's bars and the table hold the store's own
// counts (InboxStore.stats at the staff clock) week by week and type by type; the median time to the first
// reply in words; both languages; nothing yet: said so.
import t from 'tap'
import { clock, START } from '../staff/web-helper'
import { inboxApp, staffMember } from './detail-helper'
import { seedInbox } from './inbox-fixture'

const REPLY_AFTER = (3 * 60 + 20) * 60_000

/** The table's figures: week -> type -> count (and 'total'). */
function tableFigures(html: string): Map<string, Record<string, number>> {
  const table = /<table class="staff-table" data-stats="">[\s\S]*?<tbody>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? ''
  const weeks = new Map<string, Record<string, number>>()
  for (const row of table.matchAll(/<tr data-week="([^"]+)">([\s\S]*?)<\/tr>/g)) {
    const cells: Record<string, number> = {}
    for (const cell of row[2]!.matchAll(/<td class="num" data-(?:type="([^"]+)"|total="")>(\d+)<\/td>/g)) cells[cell[1] ?? 'total'] = Number(cell[2])
    weeks.set(row[1]!, cells)
  }
  return weeks
}

/** The chart's bars: week -> its total and the counts of its segments. */
function chartFigures(html: string): Map<string, { total: number; segments: Record<string, number> }> {
  const svg = /<svg class="inbox-chart"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? ''
  const bars = new Map<string, { total: number; segments: Record<string, number> }>()
  for (const g of svg.matchAll(/<g data-week="([^"]+)" data-total="(\d+)">([\s\S]*?)<\/g>/g)) {
    const segments: Record<string, number> = {}
    for (const r of g[3]!.matchAll(/data-type="([^"]+)" data-count="(\d+)"/g)) segments[r[1]!] = Number(r[2])
    bars.set(g[1]!, { total: Number(g[2]), segments })
  }
  return bars
}

t.test('the chart and the table hold the store\'s counts; the median in words; both languages', async (t) => {
  const time = clock()
  const { app, seed: store } = await inboxApp(t, time)
  const members = { ja: await staffMember(app, time, 'responder'), en: await staffMember(app, time, 'responder', 'en') }
  const account = members.ja.who
  const ids = await seedInbox(store, START, account.account.id)
  const actor = { accountId: account.account.id, role: 'responder' as const, address: '192.0.2.9' }
  const received = Date.parse((await store.find(ids.yamada))!.receivedAt)
  const reply = { to: 'visitor@example.test', replyTo: 'info@example.test', subject: 'Re', body: 'Thanks', status: null }
  const seq = await store.inbox.queueReply(ids.yamada, reply, actor, received + REPLY_AFTER, { at: received + REPLY_AFTER, accountId: actor.accountId, address: actor.address, action: 'inquiry.reply', target: `inquiry:${ids.yamada}`, outcome: 'ok' })
  t.ok(seq, 'a reply queued')

  const stats = await store.inbox.stats(START)
  t.equal(stats.weeks.length, 26)
  const sum = stats.weeks.reduce((a, w) => a + Object.values(w.counts).reduce((x, y) => x + y, 0), 0)
  t.equal(sum, 61, 'the store counts every inquiry of the fixture')

  for (const locale of ['ja', 'en'] as const) {
    const res = await app.inject({ url: '/admin/inquiries/stats', headers: members[locale].headers })
    t.equal(res.statusCode, 200)
    t.match(res.body, `<html lang="${locale}">`)
    const table = tableFigures(res.body)
    const chart = chartFigures(res.body)
    t.equal(table.size, 26, `${locale}: 26 weeks in the table`)
    t.equal(chart.size, 26, '26 bars')
    for (const week of stats.weeks) {
      const day = week.start.length === 10 ? week.start : new Date(Date.parse(week.start) + 9 * 3_600_000).toISOString().slice(0, 10)
      const total = Object.values(week.counts).reduce((a, b) => a + b, 0)
      const row = table.get(day)
      t.ok(row, `${day}: a row`)
      for (const [type, count] of Object.entries(week.counts)) t.equal(row?.[type], count, `${day} ${type}: the table`)
      t.equal(row?.total, total, `${day}: its total`)
      t.equal(chart.get(day)?.total, total, `${day}: the bar`)
      t.same(chart.get(day)?.segments, Object.fromEntries(Object.entries(week.counts).filter(([, n]) => n > 0)), `${day}: its segments`)
    }
    t.match(res.body, /<tr data-week="all"><th scope="row">[^<]+<\/th><td class="num" data-type="estimate">1<\/td><td class="num" data-type="new-construction">55<\/td><td class="num" data-type="renovation">1<\/td><td class="num" data-type="recruitment">1<\/td><td class="num" data-type="other">3<\/td><td class="num" data-total="">61<\/td><\/tr>/, 'the totals')
    t.match(res.body, /<th scope="col" class="num">(お見積りのご依頼|Request an estimate)<\/th>/, 'the types by name, as column headers')
    t.match(res.body, locale === 'ja' ? /<caption class="visually-hidden">週ごと・種別ごとの問い合わせ件数（グラフと同じ数値）<\/caption>/ : /<caption class="visually-hidden">Inquiries per week by type \(the figures of the chart\)<\/caption>/)
    t.match(res.body, locale === 'ja' ? '受付から最初の返信までの時間の中央値：3時間20分' : 'Median time from receipt to the first reply: 3 hours 20 minutes', 'the median in words')
    t.match(res.body, /role="img" aria-labelledby="inbox-chart-title inbox-chart-desc"/)
    t.match(res.body, locale === 'ja' ? '合計61件' : '61 inquiries in all', 'the description says the total')
    t.match(res.body, '<a href="/admin/inquiries">', 'back to the list')
  }
})

/** The id of the last heading before `marker` in the page. */
const headingBefore = (html: string, marker: string) => [...html.slice(0, html.indexOf(marker)).matchAll(/<h2 id="([^"]+)"/g)].at(-1)?.[1]

t.test('each heading over its own part; the weeks written one way per language (never 1/6 beside 2026-06-01)', async (t) => {
  const time = clock()
  const { app } = await inboxApp(t, time)
  for (const [locale, week, day] of [['ja', '2026年11月23日', /^\d{1,2}月\d{1,2}日$/], ['en', '23 Nov 2026', /^\d{1,2} [A-Z][a-z]{2,3}$/]] as const) {
    const who = await staffMember(app, time, 'responder', locale)
    const html = (await app.inject({ url: '/admin/inquiries/stats', headers: who.headers })).body
    t.equal(headingBefore(html, 'data-median='), 'inbox-median-heading', `${locale}: the median under its heading`)
    t.equal(headingBefore(html, '<svg class="inbox-chart"'), 'inbox-chart-heading', 'the chart under its own heading, not the median\'s')
    t.equal(headingBefore(html, '<table class="staff-table" data-stats'), 'inbox-stats-heading', 'the table under its own')
    t.match(html, `<tr data-week="2026-11-23"><th scope="row"><time dateTime="2026-11-23"><span class="staff-whole">${week}</span></time></th>`, 'the table: the week in words, its ISO date in the attribute')
    const svg = /<svg class="inbox-chart"[\s\S]*?<\/svg>/.exec(html)?.[0] ?? ''
    const labels = [...svg.matchAll(/text-anchor="middle" class="inbox-chart__label">([^<]*)</g)].map((m) => m[1]!)
    t.equal(labels.length, 7)
    t.ok(labels.every((label) => day.test(label)), `the axis: ${labels.join(', ')}`)
  }
})

t.test('nothing yet: empty weeks and no reply', async (t) => {
  const time = clock()
  const { app } = await inboxApp(t, time)
  const who = await staffMember(app, time, 'admin')
  const res = await app.inject({ url: '/admin/inquiries/stats', headers: who.headers })
  t.equal(res.statusCode, 200)
  t.match(res.body, 'この期間の問い合わせには、まだ返信がありません。')
  t.ok([...tableFigures(res.body).values()].every((row) => row.total === 0))
  t.equal(tableFigures(res.body).size, 26)
})
