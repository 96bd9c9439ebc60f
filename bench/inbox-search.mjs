// The inquiry inbox's list and search at volume: 100,000 realistic inquiries (Japanese and English names,
// companies, messages of 50–1,000 characters: test/server/inbox/fill.ts) in SQLite (a temporary
// DATA_DIR) and in a throwaway PostgreSQL (scripts/engines.mjs), then p50/p95/p99 of each query
// through the store (store.inbox.list: the page's rows and the total, as the list page asks):
//   node bench/inbox-search.mjs [--inquiries 100000] [--runs 200] [--engines sqlite,postgres] [--plans]
// The target is p99 < 100 ms (docs/decisions/0014-inbox-search.md). No assertion: figures to read.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { register } from 'tsx/esm/api'
import { arg } from './built-server.mjs'
import { startPostgres } from '../scripts/engines.mjs'

register()
const { openDatabase } = await import('../server/database.ts')
const { pgStores, sqliteStores } = await import('../test/server/stores.ts')
const { fillSqlite, fillPg } = await import('../test/server/inbox/fill.ts')
const { listStatements } = await import('../server/inbox/read.ts')
const { PG_DIALECT } = await import('../server/inbox/pg-store.ts')
const { pgText } = await import('../server/db/pg.ts')

const total = Number(arg('inquiries', '100000'))
const runs = Number(arg('runs', '200'))
const which = (arg('engines', 'sqlite,postgres') ?? '').split(',')
const plans = process.argv.includes('--plans')

/** What the list page asks: [label, filter, page]. */
const QUERIES = [
  ['list, page 1, unfiltered', {}, 1],
  ['list, status filter (new)', { statuses: ['new'] }, 1],
  ['list, page 100', {}, 100],
  ['search: 外壁 (2-char, common)', { q: '外壁' }, 1],
  ['search: 耐震 (2-char)', { q: '耐震' }, 1],
  ['search: ﾔﾏﾀﾞ (half-width kana name)', { q: 'ﾔﾏﾀﾞ' }, 1],
  ['search: taro.yamada (email fragment)', { q: 'taro.yamada' }, 1],
  ['search: 屋根 雨漏り (two words)', { q: '屋根 雨漏り' }, 1],
  ['search: ﾔﾏﾀﾞ 外壁 見積 (three words)', { q: 'ﾔﾏﾀﾞ 外壁 見積' }, 1],
]

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
const ms = (v) => v.toFixed(1).padStart(7)

async function measure(name, store) {
  console.log(`\n${name}: ${total.toLocaleString('en')} inquiries, ${runs} runs per query (after 3 warm-up runs)`)
  console.log(`${'query'.padEnd(44)}    p50 ms   p95 ms   p99 ms   matches`)
  for (const [label, filter, page] of QUERIES) {
    let matches = 0
    for (let i = 0; i < 3; i++) matches = (await store.inbox.list(filter, { page, pageSize: 50 })).total
    const times = []
    for (let i = 0; i < runs; i++) {
      const start = performance.now()
      await store.inbox.list(filter, { page, pageSize: 50 })
      times.push(performance.now() - start)
    }
    times.sort((a, b) => a - b)
    console.log(`${label.padEnd(44)} ${ms(percentile(times, 50))}  ${ms(percentile(times, 95))}  ${ms(percentile(times, 99))}   ${matches}`)
  }
}

function timed(label, work) {
  const start = performance.now()
  const result = work()
  const done = () => console.log(`${label}: ${((performance.now() - start) / 1000).toFixed(1)} s`)
  return result instanceof Promise ? result.then((r) => (done(), r)) : (done(), result)
}

if (which.includes('sqlite')) {
  const dir = mkdtempSync(join(tmpdir(), 'inbox-bench-'))
  try {
    const db = openDatabase(dir, { log: () => {} })
    timed('SQLite: filled', () => {
      for (let n = 0; n < total; n += 10_000) fillSqlite(db, n, Math.min(total, n + 10_000))
      db.exec('ANALYZE')
    })
    const store = sqliteStores(db)
    if (plans) for (const [label, filter, page] of QUERIES) {
      const { rows } = listStatements((await import('../server/inbox/sqlite-store.ts')).SQLITE_DIALECT, filter, { page, pageSize: 50 })
      console.log(`${label}:\n  ${db.prepare(`EXPLAIN QUERY PLAN ${rows.sql}`).all(...rows.args).map((r) => r.detail).join('\n  ')}`)
    }
    await measure('SQLite', store)
    await store.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

if (which.includes('postgres')) {
  const server = await startPostgres()
  try {
    const store = await pgStores(server.url, { poolSize: 4 })
    const pool = new pg.Pool({ connectionString: server.url, max: 1 })
    // Bulk loading: the GIN index built once after the rows, as one would restore a dump.
    await pool.query('DROP INDEX inquiry_search_tokens')
    await timed('PostgreSQL: filled', async () => {
      const client = await pool.connect()
      try {
        for (let n = 0; n < total; n += 10_000) await fillPg(client, n, Math.min(total, n + 10_000))
      } finally {
        client.release()
      }
    })
    await timed('PostgreSQL: GIN index built', () => pool.query('CREATE INDEX inquiry_search_tokens ON inquiry_search USING GIN (tokens)'))
    await timed('PostgreSQL: VACUUM ANALYZE', () => pool.query('VACUUM ANALYZE'))
    if (plans) for (const [label, filter, page] of QUERIES) {
      const { count, rows } = listStatements(PG_DIALECT, filter, { page, pageSize: 50 })
      for (const s of [count, rows]) {
        const plan = (await pool.query(`EXPLAIN ANALYZE ${pgText(s.sql)}`, s.args)).rows.map((r) => r['QUERY PLAN'])
        console.log(`${label}:\n  ${plan.join('\n  ')}`)
      }
    }
    await measure('PostgreSQL', store)
    await pool.end()
    await store.close()
  } finally {
    await server.stop()
  }
}
