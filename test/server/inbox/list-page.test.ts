// /admin/inquiries through the real app and store (SQLite; one case on PostgreSQL): responders and admins
// only; newest first, 50 a page, the total; each filter narrows the list, the address is the view (the form
// shows it back, paging and the export form keep it); the search box (ﾔﾏﾀﾞ finds やまだ); a value that is
// not valid is a 400 naming the parameter in the staff member's language, never a wider list; hostile
// text inert; mail states in words with a mark.
import t from 'tap'
import { startPostgres } from '../../../scripts/engines.mjs'
import { freshPgDatabase } from '../contact/helper'
import { SITE } from '../../helper'
import { clock, LOCAL, postForm, START } from '../staff/web-helper'
import { inboxApp, staffMember } from './detail-helper'
import { HOSTILE, seedInbox, type SeededInbox } from './inbox-fixture'

type Who = { headers: Record<string, string>; csrf: string }

/** The inquiries a list page shows, in order. */
const listed = (html: string) => [...html.matchAll(/<tr data-inquiry="([^"]+)"/g)].map((m) => m[1]!)
const rowOf = (html: string, id: string) => new RegExp(`<tr data-inquiry="${id}"[\\s\\S]*?</tr>`).exec(html)?.[0] ?? ''
const decode = (s: string) => s.replace(/&amp;/g, '&')

/** A responder (Japanese) signed in on a fresh SQLite database holding the fixture's inquiries. */
async function seeded(t: { teardown: (fn: () => unknown) => void }) {
  const time = clock()
  const { app, seed } = await inboxApp(t, time)
  const who = await staffMember(app, time, 'responder')
  const ids = await seedInbox(seed, START, who.who.account.id)
  const get = (query: string, as: Who = who) => app.inject({ url: `/admin/inquiries${query}`, headers: as.headers })
  return { app, time, who, account: who.who, ids, get }
}

t.test('who may open the list and the statistics', async (t) => {
  const time = clock()
  const { app } = await inboxApp(t, time)
  for (const path of ['/admin/inquiries?status=new', '/admin/inquiries/stats']) {
    const nobody = await app.inject({ url: path, headers: LOCAL })
    t.equal(nobody.statusCode, 303, `${path}: signed out`)
    t.equal(nobody.headers.location, `/admin/sign-in?next=${encodeURIComponent(path)}`, 'to sign in, and back')
  }
  for (const role of ['editor', 'responder', 'admin'] as const) {
    const who = await staffMember(app, time, role)
    for (const path of ['/admin/inquiries', '/admin/inquiries/stats']) {
      const res = await app.inject({ url: path, headers: who.headers })
      t.equal(res.statusCode, role === 'editor' ? 403 : 200, `${role}: ${path}`)
      t.equal(res.headers['cache-control'], 'no-store')
    }
  }
  const empty = await app.inject({ url: '/admin/inquiries', headers: (await staffMember(app, time, 'responder')).headers })
  t.match(empty.body, /<p class="staff-notice" data-empty="none">問い合わせはまだありません。/, 'no inquiry yet: said so')
  t.notMatch(empty.body, 'data-form="inquiry-export"', 'nothing to export')
})

t.test('newest first, 50 a page, the total, the columns', async (t) => {
  const { ids, get, who, account } = await seeded(t)
  const first = await get('')
  t.equal(first.statusCode, 200)
  const order = listed(first.body)
  t.same(order.slice(0, 7), [ids.yamada, ids.script, ids.long, ids.smith, ids.sato, ids.waiting, ids.bulk[0]], 'newest first')
  t.equal(order.length, 50, 'fifty a page')
  t.match(first.body, '<p class="inbox-total" data-total="61">61件</p>')
  t.match(first.body, '<a href="/admin/inquiries?page=2" rel="next">次へ</a>')
  t.match(first.body, '1 / 2ページ')
  t.match(first.body, '<a href="/admin/inquiries/stats">集計</a>', 'a link to the statistics')
  t.match(first.body, '<a href="/admin/inquiries/person">ご本人からの請求</a>', 'and to a person\'s requests')
  const second = await get('?page=2')
  t.same(listed(second.body), ids.bulk.slice(44), 'the rest on page 2')
  t.match(second.body, '<a href="/admin/inquiries" rel="prev">前へ</a>')
  const past = await get('?page=3')
  t.equal(past.statusCode, 200)
  t.match(past.body, /data-empty="past-end">3ページ目はありません（この表示は2ページまでです）。(<!-- -->)? <a href="\/admin\/inquiries">最初のページへ<\/a>/)

  const yamada = rowOf(first.body, ids.yamada)
  t.match(yamada, `<a href="/admin/inquiries/${ids.yamada}">${ids.yamada}</a>`, 'the reference links to the inquiry')
  t.match(yamada, '<time dateTime="2026-11-25T23:00:00.000Z" title="2026-11-25T23:00:00.000Z"><span class="staff-whole">2026-11-26</span> <span class="staff-whole">08:00:00 JST</span></time>', 'Japan time, the day and the time each whole')
  t.match(yamada, 'やまだ はなこ')
  t.match(yamada, 'ヤマダハナコ')
  t.match(yamada, '山田工務店')
  t.match(yamada, 'お見積りのご依頼')
  t.match(yamada, '日本語')
  t.match(yamada, '新規')
  t.match(yamada, '未割り当て')
  t.match(yamada, /data-mail="staff" data-state="sent"><span class="inbox-mail__mark" aria-hidden="true">✓<\/span><span>担当者宛：送信済み<\/span>/, 'mail: a mark and words')
  t.match(yamada, /data-mail="autoReply" data-state="failed"><span class="inbox-mail__mark" aria-hidden="true">!<\/span><span>自動返信：失敗<\/span>/)
  const smith = rowOf(first.body, ids.smith)
  t.match(smith, '改修・リフォームのご相談')
  t.match(smith, 'English')
  t.match(smith, '対応中')
  t.match(smith, account.account.name, 'the assignee by name')
  t.match(smith, /data-mail="staff" data-state="pending">/)
  t.match(rowOf(first.body, ids.sato), /data-mail="staff" data-state="cancelled">[\s\S]*data-mail="autoReply" data-state="cancelled">/, 'spam: its mail cancelled')

  const form = /<form data-form="inquiry-export" action="\/admin\/inquiries\/export" method="post">([\s\S]*?)<\/form>/.exec(first.body)?.[1] ?? ''
  t.match(form, `<input type="hidden" name="_csrf" value="${who.csrf}"/>`, 'the export: a POST with the session\'s token')
  t.match(form, /<button type="submit" value="csv"[^>]* name="format">CSVをダウンロード（Excel用）<\/button>/)
  t.match(form, /<button type="submit" value="json"[^>]* name="format">JSONをダウンロード<\/button>/)
  t.match(form, '61件', 'how many it holds')
})

t.test('each filter narrows the list; the address is the view', async (t) => {
  const { app, ids, get, account, who } = await seeded(t)
  const cases: [string, string[]][] = [
    ['?status=in-progress', [ids.smith]],
    ['?status=spam', [ids.sato]],
    ['?status=waiting&status=in-progress', [ids.smith, ids.waiting]],
    ['?status=waiting,spam', [ids.sato, ids.waiting]],
    [`?assignee=${account.account.id}`, [ids.smith]],
    ['?assignee=none&status=waiting', [ids.waiting]],
    ['?type=renovation', [ids.smith]],
    ['?type=estimate', [ids.yamada]],
    ['?lang=en', [ids.smith]],
    ['?from=2026-11-25&to=2026-11-25', [ids.smith]],
    ['?from=2026-11-26', [ids.yamada, ids.script, ids.long]],
    ['?to=2026-11-23&type=other', [ids.waiting]],
    ['?q=%EF%BE%94%EF%BE%8F%EF%BE%80%EF%BE%9E', [ids.yamada]],
    ['?q=smith', [ids.smith]],
    ['?q=%E3%82%84%E3%81%BE%E3%81%A0+%E5%B7%A5%E5%8B%99%E5%BA%97', [ids.yamada]],
    ['?q=no-such-words-anywhere', []],
  ]
  for (const [query, want] of cases) {
    const res = await get(query)
    t.equal(res.statusCode, 200, query)
    t.same(listed(res.body), want, `${query}: narrowed`)
  }
  const english = await get('?lang=en')
  t.match(english.body, '<html lang="ja">', 'lang= filters the inquiries: the page stays in the staff member\'s language')
  t.match(english.body, /<option value="en" lang="en" selected="">English<\/option>/)
  t.equal(listed((await get('?assignee=none')).body).length, 50, 'unassigned: still two pages')
  t.match((await get('?assignee=none')).body, 'data-total="60"')
  t.notOk(listed((await get('?status=new')).body).some((id) => [ids.smith, ids.sato, ids.waiting].includes(id)), 'new only')
  const none = await get('?q=no-such-words-anywhere')
  t.match(none.body, /data-empty="filtered">この条件に合う問い合わせはありません。/, 'nothing for this filter: said so')
  t.match(none.body, 'data-total="0"')

  // The form shows the view back; the pager and the export form keep it.
  const view = await get(`?status=new&status=waiting&assignee=none&type=new-construction&lang=ja&from=2026-11-01&to=2026-11-20&q=Bulk`)
  t.equal(view.statusCode, 200)
  t.match(view.body, 'data-total="55"')
  t.match(view.body, /checked="" value="new"/)
  t.match(view.body, /checked="" value="waiting"/)
  t.notMatch(view.body, /checked="" value="done"/)
  t.match(view.body, /<option value="none" selected="">未割り当て<\/option>/)
  t.match(view.body, /<option value="new-construction" selected="">/)
  t.match(view.body, /<option value="ja" lang="ja" selected="">/)
  t.match(view.body, /type="date" name="from" value="2026-11-01"/)
  t.match(view.body, /type="date" name="to" value="2026-11-20"/)
  t.match(view.body, /type="search"[^>]*name="q" value="Bulk"/)
  const next = decode(/<a href="([^"]+)" rel="next">/.exec(view.body)?.[1] ?? '')
  t.equal(next, '/admin/inquiries?status=new&status=waiting&assignee=none&type=new-construction&lang=ja&from=2026-11-01&to=2026-11-20&q=Bulk&page=2', 'the next page keeps the filter')
  const page2 = await get(next.slice('/admin/inquiries'.length))
  t.equal(listed(page2.body).length, 5, 'and shows the rest of it')
  t.match(page2.body, /checked="" value="new"/, 'its form shows the same view')
  t.equal(decode(/<a href="([^"]+)" rel="prev">/.exec(page2.body)?.[1] ?? ''), next.replace('&page=2', ''), 'and back')
  const hidden = [...view.body.matchAll(/<input type="hidden" name="(status|assignee|type|lang|from|to|q)" value="([^"]*)"\/>/g)].map((m) => `${m[1]}=${m[2]}`)
  t.same(hidden, ['status=new,waiting', 'assignee=none', 'type=new-construction', 'lang=ja', 'from=2026-11-01', 'to=2026-11-20', 'q=Bulk'], 'the export carries the filter (statuses in one field)')
  // The form as the browser sends it (just signed in: no new confirmation asked): exactly this view's inquiries.
  const sent = Object.fromEntries([...view.body.matchAll(/<form data-form="inquiry-export"[\s\S]*?<\/form>/g)].flatMap((f) => [...f[0].matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map((m) => [m[1]!, decode(m[2]!)])))
  const file = await postForm(app, '/admin/inquiries/export', { ...who.headers, origin: SITE }, { ...sent, format: 'json' })
  t.equal(file.statusCode, 200, 'the export answers')
  t.same((JSON.parse(file.body) as { id: string }[]).map((r) => r.id).sort(), [...ids.bulk].sort(), 'the export holds this view: the 55 of the list')
})

t.test('a search in kanji that finds nothing suggests the reading in kana (furigana), in both languages', async (t) => {
  const { app, time, get, ids } = await seeded(t)
  const english = await staffMember(app, time, 'responder', 'en')
  const hint = (html: string) => /<span data-hint="kana">([^<]*)<\/span>/.exec(html)?.[1] ?? null
  const kanji = `?q=${encodeURIComponent('山田 花子')}`
  const ja = await get(kanji)
  t.equal(ja.statusCode, 200)
  t.same(listed(ja.body), [], 'やまだ はなこ is written in kana: 山田 花子 finds nothing')
  t.match(ja.body, /data-empty="filtered">この条件に合う問い合わせはありません。/)
  t.match(hint(ja.body), '読みをかなで検索してみてください', 'the hint, in Japanese')
  t.match(hint((await get(kanji, english)).body), 'Try its reading in kana', 'in English')
  t.same(listed((await get(`?q=${encodeURIComponent('やまだ はなこ')}`)).body), [ids.yamada], 'and the reading finds it')
  for (const query of ['?q=no-such-words', `?q=${encodeURIComponent('ヤマダ タロウ')}`, `?q=${encodeURIComponent('山田工務店')}`, '?status=spam']) {
    t.equal(hint((await get(query)).body), null, `${query}: no hint (no kanji, or something found, or no search)`)
  }
})

t.test('a filter value that is not valid: 400 naming it, in the staff member\'s language, nothing listed', async (t) => {
  const { app, time, get } = await seeded(t)
  const english = await staffMember(app, time, 'responder', 'en')
  const cases: [string, string][] = [
    ['?status=bogus', 'status'],
    ['?status=new,%3Cscript%3Ex%3C%2Fscript%3E', 'status'],
    ['?assignee=no-such-account', 'assignee'],
    ['?assignee=%3Cimg%20src%3Dx%3E', 'assignee'],
    ['?type=house', 'type'],
    ['?lang=fr', 'lang'],
    ['?from=2026-02-30', 'from'],
    ['?to=yesterday', 'to'],
    [`?q=${'x'.repeat(201)}`, 'q'],
    ['?page=0', 'page'],
    ['?page=-1&type=x&lang=y', 'type lang page'],
  ]
  for (const locale of ['ja', 'en'] as const) {
    for (const [query, problem] of cases) {
      const res = locale === 'ja' ? await get(query) : await get(query, english)
      t.equal(res.statusCode, 400, `${locale} ${query}: 400`)
      t.match(res.body, `<html lang="${locale}">`)
      t.match(res.body, `data-problems="${problem}"`, 'the parameter named')
      const first = problem.split(' ')[0]!
      t.match(res.body, locale === 'ja' ? `「${first}」` : `“${first}”`, 'in the message, in the language')
      t.same(listed(res.body), [], 'never a wider list: nothing')
      t.notMatch(res.body, /<script>x|<img src=x>/, 'the value not shown raw')
      t.notMatch(res.body, 'data-form="inquiry-export"', 'nothing to export')
    }
  }
  t.match((await get('?type=house', english)).body, 'This filter cannot be applied, so nothing is listed.', 'the account\'s language')
})

t.test('hostile text in the list: inert, invisible characters shown, long values clipped', async (t) => {
  const { ids, get } = await seeded(t)
  const res = await get('')
  const body = res.body
  t.notMatch(body, '<script>alert(1)', 'no markup from a visitor')
  t.match(rowOf(body, ids.script), '&lt;script&gt;alert(1)&lt;/script&gt;', 'shown as text')
  t.match(rowOf(body, ids.script), '=HYPERLINK(', 'a formula is text here')
  t.match(rowOf(body, ids.script), '\\u{202e}テスト.exe', 'the right-to-left override made visible')
  t.match(rowOf(body, ids.long), 'esc\\u{1b}[31mred\\u{7}bell\\u{0}nul', 'control characters made visible')
  for (const c of ['\u202e', '\u001b', '\u0007', '\u0000']) t.notOk(body.includes(c), `no raw U+${c.codePointAt(0)!.toString(16)} anywhere in the page`)
  t.match(rowOf(body, ids.long), `<span class="inbox-table__one">${'W'.repeat(80)}…</span>`, '10,000 characters: clipped, with an ellipsis')
  t.notOk(body.includes('W'.repeat(81)), 'nowhere longer (the page state neither)')
  t.ok(body.length < 400_000, `the page stays small (${body.length} bytes)`)
})

t.test('the same page on PostgreSQL', async (t) => {
  const postgres = await startPostgres()
  t.teardown(() => postgres.stop())
  const databaseUrl = await freshPgDatabase(postgres, 'inbox_list')
  const time = clock()
  const { app, seed } = await inboxApp(t, time, { databaseUrl })
  const who = await staffMember(app, time, 'responder')
  const account = who.who
  const ids: SeededInbox = await seedInbox(seed, START, account.account.id, HOSTILE.controls.replace('\u0000', ''))
  const get = (query: string) => app.inject({ url: `/admin/inquiries${query}`, headers: who.headers })
  const first = await get('')
  t.equal(listed(first.body).length, 50)
  t.match(first.body, 'data-total="61"')
  t.same(listed((await get('?q=%EF%BE%94%EF%BE%8F%EF%BE%80%EF%BE%9E')).body), [ids.yamada], 'ﾔﾏﾀﾞ finds やまだ')
  t.same(listed((await get(`?status=in-progress&assignee=${account.account.id}&lang=en`)).body), [ids.smith])
  t.same(listed((await get('?from=2026-11-25&to=2026-11-25')).body), [ids.smith])
  t.match(rowOf(first.body, ids.yamada), /data-mail="autoReply" data-state="failed">/)
  t.equal((await get('?status=bogus')).statusCode, 400)
  t.notOk(first.body.includes('\u202e'))
})
