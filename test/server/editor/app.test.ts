// The app hands the editor's store to the editor's pages as app.editorStore: the inquiry store's `editor`,
// on the same database (its audit entries in the staff area's log) and closed with the app.
import t from 'tap'
import { openDatabase } from '../../../server/database'
import { contactApp } from '../contact/helper'
import { change, newsItem, T0 } from './helper'
import { sqliteStores } from '../stores'

t.test('app.editorStore: the inquiry database, the staff audit log beside it', async (t) => {
  const { app, dataDir } = await contactApp(t)
  const seq = await app.editorStore.commit(change('news/a', newsItem('a'), T0), () => undefined)
  await app.editorStore.touchPresence('news/a', 'ed2', T0)
  t.same((await app.staffStore.listAudit({ action: 'content.change' })).map((a) => a.target), ['news/a'], 'the audit entry in the staff log')
  await app.close()
  await t.rejects(app.editorStore.revisions('news/a'), 'closed with the app')
  const store = sqliteStores(openDatabase(dataDir))
  t.teardown(() => store.close())
  t.strictSame((await store.editor.revision(seq))!.item, newsItem('a'), "kept in DATA_DIR's inquiries.db")
  t.same((await store.editor.presence('news/a', T0, 'ed1')).map((p) => p.accountId), ['ed2'])
})
