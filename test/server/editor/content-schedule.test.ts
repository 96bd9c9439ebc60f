// A scheduled publication fires once across every replica: three app instances on one PostgreSQL and
// one content folder, on one injected clock. Each shows the article at its instant by itself; the audit
// entry `content.publish` (per item, language, instant) is written once, by whichever replica looked
// first, and not again after a restart; one that came while every replica was stopped is recorded by
// the first to start (the catch-up).
import t from 'tap'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { startPostgres } from '../../../scripts/engines.mjs'
import { parsePublishDate } from '../../../server/content/publication'
import { CATCH_UP_MS } from '../../../server/editor/content-schedule'
import { freshPgDatabase } from '../contact/helper'
import { buildApp } from '../../../server/app'
import { FIXTURE_CONTENT, testConfig } from '../../helper'

/** The fixture content with two articles scheduled on 2026-12-01, at 10:00 and 11:00 Japan time, in both languages. */
function contentCopy(t: { teardown: (fn: () => unknown) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-schedule-'))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  for (const [slug, time] of [['2026-12-ten', '10:00'], ['2026-12-eleven', '11:00']] as const) {
    for (const locale of ['ja', 'en']) {
      const text = readFileSync(join(dir, `news/2026-04-new-office.${locale}.md`), 'utf8')
      writeFileSync(join(dir, `news/${slug}.${locale}.md`), text.replace(/^date: .*$/m, `date: "2026-12-01 ${time}"`))
    }
  }
  return dir
}

const TEN = parsePublishDate('2026-12-01 10:00')!
const ELEVEN = parsePublishDate('2026-12-01 11:00')!
const MINUTE = 60_000

t.test('a schedule fires once across three replicas and a restart', async (t) => {
  const postgres = await startPostgres()
  t.teardown(() => postgres.stop())
  const databaseUrl = await freshPgDatabase(postgres, 'content_schedule')
  const dir = contentCopy(t)
  const config = testConfig({ contentDir: dir, databaseUrl, contentSyncMs: 0, contact: { ...testConfig().contact, formSecret: 'a-shared-secret-of-the-replicas-0123' } })
  let clock = TEN - 60 * MINUTE
  const now = () => clock
  const open = new Set<FastifyInstance>()
  t.teardown(() => Promise.all([...open].map((app) => app.close())))
  async function replica() {
    const app = await buildApp(config, { now })
    open.add(app)
    await app.ready()
    await app.publishFires.settled()
    return app
  }
  async function stop(app: FastifyInstance) {
    open.delete(app)
    await app.close()
  }
  const published = async (app: FastifyInstance) =>
    (await app.staffStore.listAudit({ action: 'content.publish' })).map((e) => e.target).sort()
  const shows = async (app: FastifyInstance, slug: string) => (await app.inject(`/en/news/${slug}`)).statusCode === 200

  const replicas = [await replica(), await replica(), await replica()]
  t.same(await published(replicas[0]!), [], 'nothing due yet: no entry (the fixture articles are older than the catch-up)')
  t.notOk(await shows(replicas[0]!, '2026-12-ten'), 'the article is not shown before its instant')

  clock = TEN + 1
  // Every replica swaps in the view at the instant (its timer, or here its first request after it) and claims.
  t.same(await Promise.all(replicas.map((app) => shows(app, '2026-12-ten'))), [true, true, true], 'each replica shows the article at its instant (all three at once)')
  await Promise.all(replicas.map((app) => app.publishFires.settled()))
  t.same(await published(replicas[1]!), ['news/2026-12-ten.en', 'news/2026-12-ten.ja'], 'one entry per language, however many replicas saw the instant')
  const entries = await replicas[2]!.staffStore.listAudit({ action: 'content.publish' })
  t.ok(entries.every((e) => e.accountId === null && e.address === 'schedule' && e.outcome === 'ok' && e.at === TEN + 1), 'by the schedule, at the instant it was seen')

  // A restart of one replica: its start looks back (the catch-up) and finds the instant claimed.
  await stop(replicas[2]!)
  clock = TEN + 5 * MINUTE
  replicas[2] = await replica()
  t.same(await published(replicas[2]!), ['news/2026-12-ten.en', 'news/2026-12-ten.ja'], 'a restarted replica records nothing twice')

  // Every replica stopped while the 11:00 article came due: the first to start records it, the next ones do not.
  for (const app of replicas) await stop(app)
  clock = ELEVEN + 30 * MINUTE
  const first = await replica()
  t.same(
    await published(first),
    ['news/2026-12-eleven.en', 'news/2026-12-eleven.ja', 'news/2026-12-ten.en', 'news/2026-12-ten.ja'],
    'the instant passed while no replica ran is recorded at the next start',
  )
  const second = await replica()
  t.equal((await published(second)).length, 4, 'and once')
  t.ok(await shows(second, '2026-12-eleven'), 'the article is shown')

  // Much later, past the catch-up: a fresh start records nothing old again.
  clock = ELEVEN + CATCH_UP_MS + MINUTE
  await stop(first)
  const late = await replica()
  t.equal((await published(late)).length, 4, 'nothing recorded twice, nothing new')
})
