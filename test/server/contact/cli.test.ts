import t from 'tap'
import { spawnSync } from 'node:child_process'
import { openDatabase } from '../../../server/database'
import { csvCell, sinceInstant } from '../../../server/contact/export'
import { normalizeContact } from '../../../shared/pages/contact/normalize'
import { serverDataDir, validInquiry } from './helper'
import { sqliteStores } from '../stores'
import { cliArgs } from '../cli'

function cli(dataDir: string, ...args: string[]) {
  const res = spawnSync(process.execPath, [...cliArgs('inquiries'), ...args], { encoding: 'utf8', env: { ...process.env, DATA_DIR: dataDir } })
  return { code: res.status, out: res.stdout, err: res.stderr }
}

async function seed(dataDir: string) {
  const db = openDatabase(dataDir)
  const store = sqliteStores(db)
  const a = await store.insert({ values: normalizeContact(validInquiry(), 'ja'), locale: 'ja', token: null, now: new Date('2026-03-31T14:30:00Z') }) // 23:30 in Tokyo
  const b = await store.insert({ values: normalizeContact(validInquiry({ name: '=HYPERLINK("http://x")', message: 'line 1\nline "2", ok' }), 'en'), locale: 'en', token: null, now: new Date('2026-03-31T15:30:00Z') }) // April 1st in Tokyo
  db.prepare("UPDATE outbox SET status = 'sent', attempts = 1, sent_at = '2026-04-01T00:00:00Z' WHERE inquiry_id = ? AND kind = 'staff'").run(a.id)
  db.prepare("UPDATE outbox SET status = 'failed', attempts = 12, last_error = 'connection refused' WHERE inquiry_id = ? AND kind = 'staff'").run(b.id)
  db.close()
  return [a.id, b.id] as const
}

t.test('list: newest first with the mail status', async (t) => {
  const dir = serverDataDir(t)
  t.match(cli(dir, 'list').out, /^no inquiries/)
  const [a, b] = await seed(dir)
  const { code, out } = cli(dir, 'list')
  t.equal(code, 0)
  const lines = out.trim().split('\n')
  t.equal(lines.length, 2)
  t.match(lines[0], new RegExp(`^${b} .*staff: failed \\(12 attempts\\): connection refused.*auto-reply: pending`))
  t.match(lines[1], new RegExp(`^${a} .*staff: sent.*auto-reply: pending`))
})

t.test('visitor text is printed with its control characters escaped (rows stored before the form refused them)', async (t) => {
  const dir = serverDataDir(t)
  const db = openDatabase(dir)
  const hostile = { name: 'Evil\u001B]0;pwned\u0007\u001B[2J\u001B[31m', company: 'ACME\u009B31m\u202Eexe.txt', message: 'line 1\nline 2\u001B[8m\u2028' }
  const { id } = await sqliteStores(db).insert({ values: { ...normalizeContact(validInquiry({ email: 'x@example.com', emailConfirm: 'x@example.com' }), 'ja'), ...hostile, name: hostile.name + '\nfake line' }, locale: 'ja', token: null, now: new Date('2026-04-01T00:00:00Z') })
  db.prepare("UPDATE outbox SET status = 'failed', last_error = ? WHERE inquiry_id = ? AND kind = 'staff'").run('550 \u001B[31mrejected', id)
  db.close()
  const RAW = /[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/
  const list = cli(dir, 'list').out
  t.notMatch(list, RAW, 'list: no raw control character')
  t.equal(list.split('\n').length, 2, 'list: still one line for the inquiry')
  t.match(list, 'Evil\\u001B]0;pwned\\u0007\\u001B[2J\\u001B[31m\\nfake line <x@example.com>', 'shown as escapes')
  t.match(list, 'staff: failed: 550 \\u001B[31mrejected')
  const json = cli(dir, 'export', '--format', 'json').out
  t.notMatch(json, RAW, 'export json: no raw control character (C1, U+2028 and the bidi controls too)')
  const [record] = JSON.parse(json)
  t.equal(record.name, hostile.name + '\nfake line', 'the same data, escaped as JSON')
  t.equal(record.company, hostile.company)
  t.equal(record.message, hostile.message)
  const csv = cli(dir, 'export', '--format', 'csv').out
  t.notMatch(csv.replace(/\r\n/g, ''), RAW, 'export csv: only the rows\' own line breaks')
  t.match(csv, '"line 1\nline 2\\u001B[8m\\u2028"', 'the message keeps its line break, its controls are escaped')
})

t.test('invisible characters (an old row, or the message) are shown as escapes in the list and the exports', async (t) => {
  const dir = serverDataDir(t)
  const db = openDatabase(dir)
  const hidden = { name: 'v\u200Bictim\u2060', company: '\u061CACME\uFEFF', email: 'x@example.com', emailConfirm: 'x@example.com', message: 'see\u200Dhere\u200E\u200F\u2064 \u{E0041}' }
  const { id } = await sqliteStores(db).insert({ values: { ...normalizeContact(validInquiry(), 'ja'), ...hidden }, locale: 'ja', token: null, now: new Date('2026-04-01T00:00:00Z') })
  db.close()
  const INVISIBLE = /[\u061C\u200B-\u200F\u2060-\u2064\uFEFF]|\uDB40[\uDC00-\uDC7F]/
  const list = cli(dir, 'list').out
  t.notMatch(list, INVISIBLE, 'list: none raw')
  t.match(list, 'v\\u200Bictim\\u2060 <x@example.com>')
  const json = cli(dir, 'export', '--format', 'json').out
  t.notMatch(json, INVISIBLE, 'export json: none raw')
  t.match(json, '"message": "see\\u200Dhere\\u200E\\u200F\\u2064 \\uDB40\\uDC41"')
  const [record] = JSON.parse(json)
  t.same([record.id, record.name, record.company, record.message], [id, hidden.name, hidden.company, hidden.message], 'the same data, escaped as JSON')
  const csv = cli(dir, 'export', '--format', 'csv').out
  t.notMatch(csv.slice(1), INVISIBLE, 'export csv: none raw (but the BOM that starts the file)')
  t.match(csv, '"v\\u200Bictim\\u2060","ヤマダタロウ","\\u061CACME\\uFEFF"')
  t.match(csv, '"see\\u200Dhere\\u200E\\u200F\\u2064 \\u{E0041}"')
})

t.test('export json: every field and the mail status; --since a Tokyo day', async (t) => {
  const dir = serverDataDir(t)
  const [a, b] = await seed(dir)
  const all = JSON.parse(cli(dir, 'export', '--format', 'json').out)
  t.same(all.map((r: { id: string }) => r.id), [a, b], 'oldest first')
  t.same(Object.keys(all[0]), ['id', 'receivedAt', 'locale', 'name', 'nameKana', 'company', 'email', 'phone', 'inquiryType', 'preferredDate', 'message', 'privacyConsent', 'mail'])
  t.equal(all[0].mail.staff.status, 'sent')
  t.equal(all[1].mail.staff.lastError, 'connection refused')
  t.equal(all[1].locale, 'en')
  const since = JSON.parse(cli(dir, 'export', '--format', 'json', '--since', '2026-04-01').out)
  t.same(since.map((r: { id: string }) => r.id), [b])
})

t.test('export csv: BOM, CRLF, every cell quoted, formulas neutralised', async (t) => {
  const dir = serverDataDir(t)
  await seed(dir)
  const { out } = cli(dir, 'export', '--format', 'csv')
  t.ok(out.startsWith('\uFEFF"id","receivedAt","locale","name",'))
  t.match(out, /,"mailStaff","mailAutoReply"\r\n/)
  t.match(out, /"'=HYPERLINK\(""http:\/\/x""\)"/)
  t.match(out, /"line 1\nline ""2"", ok"/)
  t.match(out, /^\uFEFF(?:"(?:[^"]|"")*"(?:,|\r\n))+$/, 'nothing outside quotes but the separators and the line ends')
  t.equal(csvCell('+81-3-1234-5678'), `"'+81-3-1234-5678"`)
  t.equal(csvCell(null), '""')
  t.equal(csvCell('a;=1+1'), '"a;=1+1"', "quoted: a spreadsheet that splits on ';' keeps it one cell")
  t.equal(csvCell('plain'), '"plain"')
})

t.test('retry queues mail that failed for good; bad arguments exit 2', async (t) => {
  const dir = serverDataDir(t)
  await seed(dir)
  t.match(cli(dir, 'retry').out, /^1 mail\(s\) queued again/)
  t.match(cli(dir, 'list').out, /staff: pending: connection refused/)
  t.equal(cli(dir, 'export', '--format', 'xml').code, 2)
  t.equal(cli(dir, 'export', '--format', 'json', '--since', 'yesterday').code, 2)
  const impossible = cli(dir, 'export', '--format', 'json', '--since', '2026-02-30')
  t.equal(impossible.code, 2, 'a day that does not exist is refused, not read as 2 March')
  t.equal(cli(dir, 'delete').code, 2)
  t.match(cli(dir).out, /usage:/)
  t.equal(sinceInstant('2026-04-01'), '2026-03-31T15:00:00.000Z')
})
