// The editor's save, publication and marks on PostgreSQL (a throwaway server, scripts/engines.mjs): the
// revision, marks and audit entry in the same transaction as the files, as on SQLite.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { startPostgres } from '../../../scripts/engines.mjs'
import { freshPgDatabase } from '../contact/helper'
import { clock } from '../staff/web-helper'
import { editor, editorApp, formOf, openItem, pageState, post } from './pages-helper'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

const NEWS = 'news/2026-04-new-office'

t.test('PostgreSQL: save (marks, revision, audit), a conflict, publish', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time, { databaseUrl: await freshPgDatabase(postgres, 'editor_pages') })
  const ed = await editor(app, time)
  const { form, base } = formOf(await openItem(app, ed, 'news', '2026-04-new-office'))
  t.equal((await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, 'ja.title': '移転のお知らせ', confirmed: '1' })).statusCode, 303)
  t.match(readFileSync(join(dir, `${NEWS}.ja.md`), 'utf8'), '移転のお知らせ')
  t.same(pageState(await openItem(app, ed, 'news', '2026-04-new-office')).data.outOfDate, { en: ['title'] })
  const stale = await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, 'ja.title': '古い版から', confirmed: '1' })
  t.equal(stale.statusCode, 409, 'based on the hash before the save: a conflict')
  t.equal((await post(app, ed, `/admin/content/${NEWS}/publish`, { locale: 'en', action: 'draft', confirmed: '1' })).statusCode, 303)
  t.same((await app.editorStore.revisions(NEWS)).map((r) => r.action), ['unpublish', 'save'])
  t.same((await app.staffStore.listAudit({ action: 'content.change' })).map((a) => a.target), [NEWS, NEWS])
})
