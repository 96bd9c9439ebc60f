// The inbox export written page by page as the client reads it, through the app on a real port,
// on SQLite and on PostgreSQL, with 12,000 inquiries of the longest message the form takes (about 60 MB of
// CSV: more than the kernel's socket buffers can hold, 32 MB received and 4 MB sent at most here):
// - a client that holds the download back holds the server a few pages ahead: it has read (and recorded an
//   'export' event for) fewer inquiries than there are; inquiries that arrive meanwhile are not in the file,
//   and every one there at the start is, newest first, once;
// - the database failing midway cuts the connection, compressed or not: the answer lacks its end, the JSON
//   does not parse, the CSV lacks rows; the server goes on answering.
// When the export read every inquiry before sending a byte, all were recorded before the first part arrived,
// and the failure came after the file was whole.
import type { AddressInfo } from 'node:net'
import { constants, gunzipSync } from 'node:zlib'
import t from 'tap'
import pg from 'pg'
import { startPostgres } from '../../../scripts/engines.mjs'
import { openDatabase } from '../../../server/database'
import { freshPgDatabase } from '../contact/helper'
import { clock, postForm } from '../staff/web-helper'
import { EXPORT_PATH, exportedIds, fillLong, readAnswer, send, type Answer } from './export-load'
import { pgRaw, sqliteRaw, type Teardown } from './helper'
import { inboxApp } from './inbox-helper'

const COUNT = 12_000

const postgres = await startPostgres()
t.teardown(() => postgres.stop())
t.setTimeout(600_000)

/** SQL straight on the app's database (helper.ts), and a statement run. */
function rawDatabase(t: Teardown, dataDir: string, databaseUrl: string) {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
    t.teardown(() => pool.end())
    return { ...pgRaw(pool), run: async (sql: string) => void (await pool.query(sql)) }
  }
  const db = openDatabase(dataDir, { log: () => {} })
  t.teardown(() => db.close())
  return { ...sqliteRaw(db), run: async (sql: string) => void db.exec(sql) }
}

for (const engine of ['sqlite', 'postgres'] as const) {
  t.test(`${engine}: the export streams`, async (t) => {
    const time = clock()
    const databaseUrl = engine === 'postgres' ? await freshPgDatabase(postgres, 'export_stream') : ''
    // No shedding for event loop delay: this process also reads the files it downloads (60 MB parsed at once).
    const { app, dataDir, admin, seed } = await inboxApp(t, time, databaseUrl, { maxEventLoopDelayMs: 0 })
    await fillLong(COUNT, { dataDir, databaseUrl })
    const raw = rawDatabase(t, dataDir, databaseUrl)
    const exportEvents = async () => Number((await raw.all("SELECT COUNT(*) AS n FROM inquiry_events WHERE kind = 'export'"))[0]!.n)
    await app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = app.server.address() as AddressInfo
    /** The whole-inbox export over the port; `onFirstPart` runs while the client holds the rest back. */
    const download = (format: 'csv' | 'json', onFirstPart: () => Promise<unknown>, headers: Record<string, string> = {}) =>
      send<Answer>(port, EXPORT_PATH, { headers: { ...admin.headers, ...headers }, form: { _csrf: admin.csrf, format } }, readAnswer(onFirstPart))

    await t.test('a client holding back holds the server; arrivals meanwhile are not in it; none twice or missing', async (t) => {
      const there = (await raw.all('SELECT id FROM inquiries ORDER BY seq DESC')).map((r) => r.id as string)
      const arrived: string[] = []
      let readWhileHeld = -1
      const got = await download('csv', async () => {
        readWhileHeld = await exportEvents()
        for (let i = 0; i < 3; i++) arrived.push(await seed({ email: `late${i}@example.com` }))
      })
      t.equal(got.status, 200)
      t.ok(got.complete, 'the whole answer arrived')
      t.ok(readWhileHeld > 0 && readWhileHeld < COUNT, `while the client held back, the server had read ${readWhileHeld} of ${COUNT} inquiries`)
      const ids = exportedIds('csv', got.body) ?? []
      t.equal(ids.length, COUNT, 'every inquiry there at the start')
      t.ok(ids.every((id, i) => id === there[i]), 'in order, newest first: none twice, none missing')
      t.notOk(ids.some((id) => arrived.includes(id)), 'none of those received meanwhile')
      t.equal(await exportEvents(), COUNT, 'an export event for each, in the end')
    })

    // As a browser asks too: compressed (the compression's stream fails with the file's).
    for (const [format, encoding] of [['json', ''], ['csv', ''], ['json', 'gzip']] as const) {
      await t.test(`${format}${encoding ? `, ${encoding}` : ''}: the database failing midway cuts the connection; the server goes on`, async (t) => {
        const got = await download(format, () => raw.run('ALTER TABLE inquiry_events RENAME TO inquiry_events_away'), encoding ? { 'accept-encoding': encoding } : {})
        await raw.run('ALTER TABLE inquiry_events_away RENAME TO inquiry_events')
        t.equal(got.status, 200, 'the download had started')
        t.equal(got.headers['content-encoding'], encoding || undefined, encoding ? 'compressed as asked' : 'not compressed')
        t.ok(got.body.length > 0, 'part of the file arrived')
        t.notOk(got.complete, 'the connection was cut before the end of the answer')
        // What arrived, decompressed as far as it goes.
        const ids = exportedIds(format, encoding ? gunzipSync(got.body, { finishFlush: constants.Z_SYNC_FLUSH }) : got.body)
        if (format === 'json') t.equal(ids, null, 'the cut JSON does not parse')
        else t.ok(ids === null || ids.length < COUNT, `the cut CSV lacks rows (${ids?.length ?? 'unreadable'})`)
        t.equal((await send<Answer>(port, '/healthz', {}, readAnswer())).status, 200, 'the server answers')
        const again = await postForm(app, EXPORT_PATH, admin.headers, { _csrf: admin.csrf, format, from: '2026-11-26' })
        t.equal(again.statusCode, 200, 'and exports again')
        t.equal(exportedIds(format, again.rawPayload)?.length, 3, 'the three received today')
      })
    }
  })
}
