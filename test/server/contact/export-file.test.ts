import t from 'tap'
import { spawnSync } from 'node:child_process'
import { readFileSync, statSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { openDatabase } from '../../../server/database'
import { toJsonRecord } from '../../../server/contact/export'
import { normalizeContact } from '../../../shared/pages/contact/normalize'
import { tempDataDir, validInquiry } from './helper'
import { sqliteStores } from '../stores'
import { cliArgs } from '../cli'

function cli(dataDir: string, args: string[], env: Record<string, string> = {}) {
  const res = spawnSync(process.execPath, [...cliArgs('inquiries'), ...args], { encoding: 'buffer', env: { ...process.env, DATA_DIR: dataDir, ...env } })
  return { code: res.status, out: res.stdout, err: res.stderr.toString('utf8') }
}

/** Japanese, commas, quotes and line breaks in every kind of field. */
async function seed(dataDir: string) {
  const db = openDatabase(dataDir)
  const store = sqliteStores(db)
  const values = [
    validInquiry(),
    validInquiry({ name: '佐藤, "花子"', company: 'テスト商事, 大阪支店', message: '一行目\n二行目, "引用" です。\r\n三行目' }),
    validInquiry({ name: 'Jane "JJ" Doe', nameKana: '', company: '', phone: '', message: 'Hello, world\n"quoted"\n\nend', locale: 'en' }),
  ]
  await Promise.all(values.map((v, i) => store.insert({ values: normalizeContact(v, v.locale as 'ja' | 'en'), locale: v.locale as 'ja' | 'en', token: null, now: new Date(Date.UTC(2026, 3, 1, 0, i)) })))
  const records = await store.list()
  db.close()
  return records
}

t.test('export --format csv --out: BOM at byte 0, parses back to the same rows, file 0600', async (t) => {
  const dir = tempDataDir(t)
  const records = await seed(dir)
  const file = join(dir, 'inquiries.csv')
  const res = cli(dir, ['export', '--format', 'csv', '--out', file])
  t.equal(res.code, 0, res.err)
  t.equal(res.out.length, 0, 'nothing on stdout')
  const bytes = readFileSync(file)
  t.same([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'the UTF-8 BOM is the first three bytes')
  const rows: Record<string, string>[] = parse(bytes, { bom: true, columns: true, record_delimiter: '\r\n' })
  t.equal(rows.length, records.length)
  records.forEach((r, i) => {
    for (const c of ['id', 'receivedAt', 'locale', 'name', 'nameKana', 'company', 'email', 'phone', 'inquiryType', 'message'] as const) t.equal(rows[i]![c], r[c], `${r.id} ${c}`)
  })
  t.equal(rows[1]!.name, '佐藤, "花子"')
  t.equal(rows[1]!.message, '一行目\n二行目, "引用" です。\n三行目', 'line breaks kept (as the form stores them)')
  t.equal(statSync(file).mode & 0o777, 0o600)
  t.same(readdirSync(dir).filter((n) => n.endsWith('.tmp')), [], 'no temporary file left')
})

t.test('export --format json --out: valid JSON with the same records; replaces a file atomically', async (t) => {
  const dir = tempDataDir(t)
  const records = await seed(dir)
  const file = join(dir, 'inquiries.json')
  t.equal(cli(dir, ['export', '--format', 'json', '--out', file]).code, 0)
  t.same(JSON.parse(readFileSync(file, 'utf8')), records.map(toJsonRecord))
  t.equal(cli(dir, ['export', '--format', 'json', '--since', '2026-04-01T00:02:00Z', '--out', file]).code, 0)
  t.same(JSON.parse(readFileSync(file, 'utf8')).map((r: { id: string }) => r.id), [records[2]!.id], 'the old file replaced')
  t.equal(cli(dir, ['export', '--format', 'json', '--out']).code, 2, '--out without a name')
})

t.test('npm run without --silent: stdout refused (its banner would spoil the file); --silent is byte-exact', async (t) => {
  const dir = tempDataDir(t)
  const records = await seed(dir)
  const banner = cli(dir, ['export', '--format', 'csv'], { npm_lifecycle_event: 'inquiries', npm_config_loglevel: 'notice' })
  t.equal(banner.code, 2)
  t.equal(banner.out.length, 0)
  t.match(banner.err, /--out FILE, or `npm run --silent inquiries/)
  const npm = spawnSync('npm', ['run', '--silent', 'inquiries', '--', 'export', '--format', 'json'], { encoding: 'utf8', env: { ...process.env, DATA_DIR: dir } })
  t.equal(npm.status, 0, npm.stderr)
  t.same(JSON.parse(npm.stdout), records.map(toJsonRecord), 'npm run --silent: only the export on stdout')
  const csv = spawnSync('npm', ['run', '--silent', 'inquiries', '--', 'export', '--format', 'csv'], { env: { ...process.env, DATA_DIR: dir } })
  t.same([...csv.stdout.subarray(0, 3)], [0xef, 0xbb, 0xbf])
})
