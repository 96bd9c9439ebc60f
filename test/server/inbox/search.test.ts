// The inbox's search box and list on both engines: normalised matching (width, kana, case), two-character
// Japanese words, one character, several words, no match across fields; and the query plans: the
// search goes through the index (FTS5 / GIN) and the list through an index, never a scan of the table.
import t from 'tap'
import { listStatements } from '../../../server/inbox/read'
import { PG_DIALECT } from '../../../server/inbox/pg-store'
import { documentTokens, normalizeSearchText, searchWords } from '../../../server/inbox/search-text'
import { SQLITE_DIALECT } from '../../../server/inbox/sqlite-store'
import type { InboxFilter } from '../../../server/inbox/types'
import { startPostgres } from '../../../scripts/engines.mjs'
import { addInquiry, engines, T0 } from './helper'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

t.test('normalisation: NFKC, katakana as hiragana, lower case', async (t) => {
  t.equal(normalizeSearchText('ﾔﾏﾀﾞ'), 'やまだ')
  t.equal(normalizeSearchText('ヤマダ'), 'やまだ')
  t.equal(normalizeSearchText('ＡＢＣ１２３'), 'abc123')
  t.equal(normalizeSearchText('ヴァ'), 'ゔぁ')
  t.same(searchWords('　外壁　 ﾔﾏﾀﾞ\t'), ['外壁', 'やまだ'], 'a full-width space separates words too')
  t.same(searchWords('  '), [])
  const tokens = documentTokens({ name: '山田', nameKana: '', company: '', email: '', phone: '', message: 'ab' })
  t.equal(tokens.length, 4, 'one token per character: with the next, the last with the sentinel')
  t.ok(tokens.every((tok) => /^[0-9a-z]{8}$/.test(tok)), 'ASCII tokens only')
})

for (const engine of engines(postgres)) {
  t.test(`${engine.name}: search`, async (t) => {
    const { store, raw } = await engine.fresh(t)
    const a = await addInquiry(store, { name: '山田 太郎', nameKana: 'ヤマダ タロウ', company: '株式会社ＡＢＣ建設', email: 'taro@example.com', phone: '03-1234-5678', message: '外壁の塗装について相談したいです。😀' })
    const b = await addInquiry(store, { name: 'Jane Doe', nameKana: '', company: 'abc Holdings', email: 'jane.doe@example.org', phone: '+81 90 1111 2222', message: 'Roof leak, please call.' }, T0 + 1)
    const c = await addInquiry(store, { name: 'ﾔﾏﾀﾞ 花子', nameKana: '', company: '', email: 'hanako@example.net', phone: '', message: '屋根の修理をお願いします' }, T0 + 2)
    // 外 ends the company and 壁 starts the message: 外壁 must not be found across the two fields.
    const d = await addInquiry(store, { name: '佐藤 一朗', nameKana: '', company: '丸外', email: 'sato@example.com', phone: '', message: '壁紙の張替え' }, T0 + 3)
    // Every three-character piece of 'wxyz' is in e, but not the word: PostgreSQL's candidates are checked.
    const e = await addInquiry(store, { name: 'Eve', nameKana: '', company: '', email: 'eve@example.com', phone: '', message: 'wxyq qxyz' }, T0 + 4)
    const found = async (q: string, extra: InboxFilter = {}) => (await store.inbox.list({ q, ...extra }, { page: 1, pageSize: 50 })).rows.map((r) => r.id).sort()
    const ids = (...list: string[]) => [...list].sort()

    for (const q of ['ﾔﾏﾀﾞ', 'やまだ', 'ヤマダ', 'ﾔﾏ', 'ヤマダ']) t.same(await found(q), ids(a, c), `${q}: the katakana, hiragana and half-width kana spellings find each other`)
    for (const q of ['ＡＢＣ', 'abc', 'ABC', 'Abc']) t.same(await found(q), ids(a, b), `${q}: full-width and any case`)
    t.same(await found('外壁'), [a], '外壁 in a message; not across company and message')
    t.same(await found('外'), ids(a, d), 'one character: anywhere in a field')
    t.same(await found('朗'), [d], "one character that ends a field (the name's last)")
    t.same(await found('塗装'), [a])
    t.same(await found('外壁 塗装'), [a], 'several words: all must be found')
    t.same(await found('外壁 屋根'), [], 'one word missing: nothing')
    t.same(await found('やまだ 屋根'), [c])
    t.same(await found('山田太郎'), [a], 'a name with or without its space')
    t.same(await found('jane.doe'), [b], 'an email fragment')
    t.same(await found('@example.org'), [b])
    t.same(await found('example'), ids(a, b, c, d, e))
    t.same(await found('wxyz'), [], 'a longer word whose pieces are all there, apart: not found')
    t.same(await found('wxy'), [e])
    t.same(await found('qxyz'), [e], 'four characters ending a field')
    t.same(await found('wxyq'), [e])
    t.same(await found('1234-5678'), [a], 'a phone fragment as written')
    t.same(await found('0312345678'), [a], 'a phone number without its hyphens')
    t.same(await found('1111 2222'), [b])
    t.same(await found('JANE'), [b])
    t.same(await found('😀'), [a], 'beyond the BMP')
    t.same(await found('leak please'), [b])
    t.same(await found('leak,'), [b], 'punctuation is text like any other')
    t.same(await found('太郎 jane'), [], 'words of two inquiries: none has both')
    t.same(await found('　'), ids(a, b, c, d, e), 'no words: no search')
    for (const q of ['"', 'a"b', 'OR', 'NEAR(x', '*', "'", ':*', '&', '!', '\\']) t.type(await found(q), Array, `${q}: no syntax error`)
    t.same(await found('外壁', { statuses: ['done'] }), [], 'with the other filters')
    t.equal((await store.inbox.list({ q: 'example' }, { page: 1, pageSize: 2 })).total, 5, 'the total counts every match')

    t.test('query plans: the search through the index, the list through an index, never a scan of a table', async (t) => {
      // Enough rows (realistic ones, fill.ts, ANALYZEd) for the planners to choose as they would on a real
      // inbox. SQLite: a count never scans inquiries, a page never sorts all matches, a search goes
      // through FTS5. PostgreSQL prices its choices (reading a few thousand rows whole can be cheaper than
      // an index: a word in half the messages, a count of everything), so each statement is checked as
      // planned (the page's rows: never a sequential scan; a selective search: the GIN index) and with
      // sequential scans priced out (the counts too: an index serves them).
      await raw.fill(0, 3000)
      const d = engine.name === 'sqlite' ? SQLITE_DIALECT : PG_DIALECT
      const cases: [string, InboxFilter, 'common' | 'selective' | null][] = [
        ['unfiltered', {}, null],
        ['by status', { statuses: ['spam'] }, null],
        ['by assignee', { assignee: 'resp' }, null],
        ['unassigned', { assignee: 'none' }, null],
        ['by type', { inquiryType: 'estimate' }, null],
        ['by address', { email: 'taro@example.com' }, null],
        ['search, a two-character word in many messages', { q: '外壁' }, 'common'],
        ['search, a rare two-character word', { q: '修理' }, 'selective'],
        ['search, one character', { q: '朗' }, 'selective'],
        ['search, an email fragment', { q: 'jane.doe' }, 'selective'],
        ['search, several words', { q: '外壁 修理' }, 'selective'],
        ['search, half-width kana', { q: 'ﾔﾏﾀﾞ 花子' }, 'common'],
      ]
      const scan = engine.name === 'sqlite' ? /SCAN (i|inquiries)\b/ : /Seq Scan on (inquiries|inquiry_search)/
      for (const [name, filter, search] of cases) {
        const { count, rows } = listStatements(d, filter, { page: 1, pageSize: 50 })
        const planned = await raw.explain(rows.sql, ...rows.args)
        const countPlanned = await raw.explain(count.sql, ...count.args)
        const forced = engine.name === 'sqlite' ? '' : `${await raw.explain(count.sql, ...count.args, { noSeqScan: true })}\n${await raw.explain(rows.sql, ...rows.args, { noSeqScan: true })}`
        t.comment(`${name}:\n${countPlanned}\n${planned}`)
        if (engine.name === 'sqlite') {
          t.notMatch(countPlanned, scan, `${name}: the count without a scan of a table`)
          // The page: through an index, or inquiries walked in seq order down from the newest and left at the page's end.
          if (!search) t.notMatch(planned, /TEMP B-TREE FOR ORDER BY/, `${name}: the page in the order of an index, no sort of all matches`)
          if (search) for (const p of [countPlanned, planned]) t.match(p, /SCAN inquiry_search VIRTUAL TABLE INDEX \d+:\w*M/, `${name}: FTS5's index (MATCH)`)
        } else {
          t.notMatch(planned, scan, `${name}: the page's rows without a sequential scan`)
          t.notMatch(forced, scan, `${name}: an index serves the count and the page`)
          const gin = /Bitmap Index Scan on inquiry_search_tokens/
          if (search) t.match(search === 'selective' ? countPlanned : forced, gin, `${name}: the GIN index${search === 'common' ? ' (when reading the table is not cheaper)' : ''}`)
        }
      }
    })
  })
}
