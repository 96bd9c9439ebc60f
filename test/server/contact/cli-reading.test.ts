// `npm run inquiries -- list|export` read the inquiries: with DATABASE_URL they need no FORM_SECRET (no
// command signs a form token), and `list` shows when each inquiry came in in Japan time, naming the zone,
// as the reference beside it is dated (Q-20260401-…). A throwaway PostgreSQL (scripts/engines.mjs).
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { loadConfig } from '../../../server/config'
import { openDatabase } from '../../../server/database'
import { siteTime } from '../../../server/site-time'
import { normalizeContact } from '../../../shared/pages/contact/normalize'
import { startPostgres } from '../../../scripts/engines.mjs'
import { freshPgDatabase, tempDataDir, validInquiry } from './helper'
import { pgStores, sqliteStores } from '../stores'
import { cliArgs } from '../cli'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

/** The CLI as an operator runs it on a host: DATABASE_URL and nothing else of the site's settings. */
function cli(env: Record<string, string>, ...args: string[]) {
  const res = spawnSync(process.execPath, [...cliArgs('inquiries'), ...args], {
    encoding: 'utf8',
    env: { ...process.env, FORM_SECRET: '', DATA_DIR: '/nonexistent', ...env },
  })
  return { code: res.status, out: res.stdout, err: res.stderr }
}

t.test('list and export with DATABASE_URL and no FORM_SECRET; list in Japan time, the zone named', async (t) => {
  const url = await freshPgDatabase(postgres, 'cli_reading')
  const store = await pgStores(url, { poolSize: 2 })
  // 23:30 UTC on 31 March is 08:30 on 1 April in Tokyo: the reference says 20260401.
  const a = await store.insert({ values: normalizeContact(validInquiry(), 'ja'), locale: 'ja', token: null, now: new Date('2026-03-31T23:30:00Z') })
  const b = await store.insert({ values: normalizeContact(validInquiry({ name: 'Jane Doe' }), 'en'), locale: 'en', token: null, now: new Date('2026-11-25T19:42:41Z') })
  await store.close()
  t.match(a.id, /^Q-20260401-/, 'the reference is dated in Tokyo')

  const list = cli({ DATABASE_URL: url }, 'list')
  t.equal(list.err, '', 'no complaint about FORM_SECRET')
  t.equal(list.code, 0)
  const lines = list.out.trim().split('\n')
  t.equal(lines.length, 2)
  t.match(lines[0], new RegExp(`^${b.id}  2026-11-26 04:42:41 JST  en  `), 'newest first, at 04:42:41 on 26 November in Japan')
  t.match(lines[1], new RegExp(`^${a.id}  2026-04-01 08:30:00 JST  ja  `), 'the day of its reference')
  t.notMatch(list.out, /\d{2}:\d{2}:\d{2}Z/, 'no UTC time')

  const json = cli({ DATABASE_URL: url }, 'export', '--format', 'json')
  t.equal(json.code, 0, json.err)
  t.same(
    JSON.parse(json.out).map((r: { id: string; receivedAt: string }) => [r.id, r.receivedAt]),
    [
      [a.id, '2026-03-31T23:30:00.000Z'],
      [b.id, '2026-11-25T19:42:41.000Z'],
    ],
    'exports keep ISO UTC for machines',
  )
  const csv = cli({ DATABASE_URL: url }, 'export', '--format', 'csv')
  t.equal(csv.code, 0, csv.err)
  t.match(csv.out, `"${a.id}","2026-03-31T23:30:00.000Z","ja",`)
})

t.test('list on SQLite (DATA_DIR): Japan time too', async (t) => {
  const dir = tempDataDir(t)
  const db = openDatabase(dir)
  const { id } = await sqliteStores(db).insert({ values: normalizeContact(validInquiry(), 'ja'), locale: 'ja', token: null, now: new Date('2026-03-31T15:30:00Z') })
  db.close()
  const list = cli({ DATABASE_URL: '', DATA_DIR: dir }, 'list')
  t.equal(list.code, 0, list.err)
  t.match(list.out, new RegExp(`^${id}  2026-04-01 00:30:00 JST  ja  `))
})

t.test('the server still requires FORM_SECRET with DATABASE_URL; the tools do not', async (t) => {
  const env = { DATABASE_URL: 'postgres://site@db:5432/site', NODE_ENV: 'test' }
  t.throws(() => loadConfig(env), /^FORM_SECRET: required when DATABASE_URL is set/)
  t.equal(loadConfig(env, { server: false }).databaseUrl, env.DATABASE_URL)
})

t.test('siteTime: Japan time with JST; another zone by its offset', async (t) => {
  t.equal(siteTime('2026-11-25T19:42:41.999Z'), '2026-11-26 04:42:41 JST')
  t.equal(siteTime('2026-12-31T15:00:00Z'), '2027-01-01 00:00:00 JST', 'midnight is 00, not 24')
  t.equal(siteTime('2026-07-01T12:00:00Z', 'Europe/Berlin'), '2026-07-01 14:00:00 +02:00')
  t.equal(siteTime('2026-07-01T12:00:00Z', 'UTC'), '2026-07-01 12:00:00 UTC')
})
