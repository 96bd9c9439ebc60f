// A save through one replica is served by the others, on PostgreSQL.
// Two replicas (two app instances) on one PostgreSQL and one content folder, as docs/decisions/0015 lays
// them out. An editor signed in on A saves an article through A's editor (the real form POST); A serves it
// at once, B serves it as soon as it looks at the content marker: by hand here (so the test says when),
// and C by its own CONTENT_SYNC_MS timer (waited on as a condition, never a fixed sleep). The revision and
// the audit entry are in the shared database, seen from B. How long the journey takes on real ports is
// bench/content-propagation.mjs's to measure (docs/performance.md), not a test's.
import t from 'tap'
import type { FastifyInstance } from 'fastify'
import { startPostgres } from '../../../scripts/engines.mjs'
import { freshPgDatabase } from '../contact/helper'
import { inboxApp } from '../inbox/detail-helper'
import { clock } from '../staff/web-helper'
import { testConfig } from '../../helper'
import { contentCopy } from './files-helper'
import { editor, formOf, openItem, post } from './pages-helper'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

const SLUG = '2026-04-new-office'
const KEY = `news/${SLUG}`
const titleOf = async (app: FastifyInstance, lang: 'ja' | 'en') => /<h1[^>]*>(.*?)<\/h1>/s.exec((await app.inject(`${lang === 'ja' ? '' : '/en'}/news/${SLUG}`)).body)?.[1]?.replace(/<[^>]+>/g, '')

t.test('a save through replica A is served by B and C', async (t) => {
  const time = clock()
  const dir = contentCopy(t)
  const shared = { contentDir: dir, databaseUrl: await freshPgDatabase(postgres, 'replica_save'), contact: { ...testConfig().contact, formSecret: 'the-replicas-shared-form-secret-0123' } }
  const { app: a } = await inboxApp(t, time, { ...shared, contentSyncMs: 0 })
  const { app: b } = await inboxApp(t, time, { ...shared, contentSyncMs: 0 })
  const { app: c } = await inboxApp(t, time, { ...shared, contentSyncMs: 20 })
  await c.ready()
  const before = { ja: await titleOf(b, 'ja'), en: await titleOf(b, 'en') }
  t.ok(before.ja && before.en, 'B serves the article in both languages')

  const ed = await editor(a, time)
  const { form, base } = formOf(await openItem(a, ed, 'news', SLUG))
  const saved = await post(a, ed, `/admin/content/${KEY}`, { ...form, base, 'ja.title': '新本社のお知らせ（改訂）', 'en.title': 'Our new head office (revised)', confirmed: '1' })
  t.equal(saved.statusCode, 303, 'A saves')
  t.equal(await titleOf(a, 'en'), 'Our new head office (revised)', 'A serves its save at once')
  t.same({ ja: await titleOf(b, 'ja'), en: await titleOf(b, 'en') }, before, 'B, before it looked at the marker: the content before, whole')

  const reload = b.contentSync.look()
  t.ok(reload, 'B sees the content marker moved')
  await reload
  t.same({ ja: await titleOf(b, 'ja'), en: await titleOf(b, 'en') }, { ja: '新本社のお知らせ（改訂）', en: 'Our new head office (revised)' }, 'B serves both languages of the save')
  t.same((await b.editorStore.revisions(KEY)).map((r) => r.action), ['save'], 'the revision, in the shared database')
  t.same((await b.staffStore.listAudit({ action: 'content.change' })).map((e) => e.target), [KEY], 'and its audit entry')

  const end = Date.now() + 30_000
  while ((await titleOf(c, 'en')) !== 'Our new head office (revised)') {
    if (Date.now() > end) throw new Error('C never served the save')
    await new Promise((resolve) => setImmediate(resolve))
  }
  t.pass('C serves the save on its own timer')
})
