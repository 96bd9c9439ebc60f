import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import type { EditableItem, ItemKey } from '../../../shared/admin/editor-model/items'
import { itemHash, readItem, writeItem } from '../../../server/editor/files'
import type { EditorCommit, RevisionAction } from '../../../server/editor/types'
import { h1 } from '../../helper'
import { field, postForm } from '../staff/web-helper'
import { editorApp } from './preview-helper'

const KEY: ItemKey = 'news/2026-04-new-office'
const PAGE = '/admin/content/news/2026-04-new-office/revisions'
const RESTORE = '/admin/content/news/2026-04-new-office/restore'

/** The article with its Japanese title changed. */
function titled(dir: string, title: string): EditableItem {
  const { item } = readItem(dir, 'news', '2026-04-new-office')!
  const ja = item.versions!.ja!
  return { ...item, versions: { ...item.versions, ja: { ...ja, fields: { ...ja.fields, title } } } }
}

/** A save as the editor makes one: the files written and the revision recorded in one commit. */
async function save(app: FastifyInstance, dir: string, accountId: string | null, item: EditableItem, action: RevisionAction = 'save', write = true): Promise<number> {
  const at = app.staffArea.now()
  const change: EditorCommit = {
    revision: { key: KEY, at, accountId, action, item, hash: itemHash(dir, KEY) },
    marks: [],
    audit: { at, accountId, address: '127.0.0.1', action: 'content.change', target: KEY, outcome: 'ok' },
  }
  return app.editorStore.commit(change, () => {
    if (write) change.revision.hash = writeItem(dir, KEY, itemHash(dir, KEY), item)
  })
}

const file = (dir: string) => readFileSync(join(dir, 'news/2026-04-new-office.ja.md'), 'utf8')

t.test('the list, two compared field by field with the changed words marked', async (t) => {
  const { app, dir, editor, editorAccount, time } = await editorApp(t)
  const first = await save(app, dir, editorAccount.account.id, titled(dir, '本社を新宿に移転しました'))
  time.advance(60_000)
  const second = await save(app, dir, null, titled(dir, '本社を渋谷に移転しました'), 'import')
  const res = await app.inject({ url: PAGE, headers: editor.headers })
  t.equal(res.statusCode, 200)
  t.match(res.body, `data-revision="${second}" data-current=""`, 'the newest, as the files are now')
  t.match(res.body, `data-revision="${first}"`)
  t.match(res.body, editorAccount.account.name.replace(/ /g, ' '), 'who')
  t.match(res.body, 'コマンドライン', 'an import: the command line')
  t.match(res.body, `data-compare="${first}-${second}"`, 'the newest two by default')
  t.match(res.body, /data-field="ja\.title" data-status="changed"/)
  t.match(res.body, /<del><span class="visually-hidden">\[削除\] <\/span>新宿<\/del><ins><span class="visually-hidden">\[追加\] <\/span>渋谷<\/ins>/, 'the changed words marked')
  t.notMatch(res.body, 'data-field="ja.category"', 'unchanged fields are counted, not listed')
  // Any two, named in the query (either order).
  const picked = await app.inject({ url: `${PAGE}?older=${second}&newer=${first}`, headers: editor.headers })
  t.match(picked.body, `data-compare="${first}-${second}"`)
  t.equal((await app.inject({ url: '/admin/content/news/no-such-item/revisions', headers: editor.headers })).statusCode, 404)
})

/** The article with its Japanese body and draft flag set. */
function drafted(dir: string, body: string, draft: boolean | undefined): EditableItem {
  const item = titled(dir, '本社を移転しました')
  const ja = item.versions!.ja!
  const fields = { ...ja.fields }
  if (draft === undefined) delete fields.draft
  else fields.draft = draft
  return { ...item, versions: { ...item.versions, ja: { fields, body } } }
}

/** A revision of another item, committed between this one's (the seq counts across items). */
async function elsewhere(app: FastifyInstance, dir: string) {
  const at = app.staffArea.now()
  const key: ItemKey = 'news/2026-12-other'
  await app.editorStore.commit(
    { revision: { key, at, accountId: null, action: 'import', item: { ...titled(dir, '別の記事'), slug: '2026-12-other' }, hash: 'h' }, marks: [], audit: { at, accountId: null, address: 'cli', action: 'content.change', target: key, outcome: 'ok' } },
    () => undefined,
  )
}

t.test('revisions read as text: each item numbered 1, 2, 3 on its own, line breaks as breaks, flags in words (both languages)', async (t) => {
  const { app, dir, editor, editorAccount, time } = await editorApp(t)
  const first = await save(app, dir, editorAccount.account.id, drafted(dir, '一行目\n二行目', undefined))
  await elsewhere(app, dir)
  await elsewhere(app, dir)
  time.advance(60_000)
  const second = await save(app, dir, editorAccount.account.id, drafted(dir, '一行目\n\n新しい行\n二行目', true), 'unpublish')
  t.ok(second - first > 1, 'the seq counts the other item’s revisions too')
  const row = (body: string, seq: number) => new RegExp(`data-revision="${seq}"[^>]*><td[^>]*>(\\d+)</td>`).exec(body)?.[1]

  const ja = await app.inject({ url: PAGE, headers: editor.headers })
  t.equal(row(ja.body, first), '1', 'the item’s first revision: No. 1')
  t.equal(row(ja.body, second), '2', 'its second: No. 2, whatever came between')
  t.match(ja.body, '1番と2番の比較')
  t.notMatch(ja.body, /\\u\{a\}/, 'no line break written as an escape')
  const body = /data-field="ja\.body" data-status="changed">[\s\S]*?<\/dd>/.exec(ja.body)?.[0] ?? ''
  t.match(body, '<span>一行目\n</span>', 'a line break kept as a break')
  const mark = '<span class="revision-break" aria-hidden="true">↵</span>\n'
  t.match(body, new RegExp(`<ins><span class="visually-hidden">\\[追加\\] </span>${mark}(<!-- -->)?新しい行${mark}</ins><span>二行目</span>`), 'the added breaks marked ↵ (and breaks still)')
  const draft = /data-field="ja\.draft" data-status="added">[\s\S]*?<\/dd>/.exec(ja.body)?.[0] ?? ''
  t.match(draft, '<ins><span class="visually-hidden">[追加] </span>下書き</ins>', 'the flag in words')
  t.notMatch(draft, 'true')

  await app.staffStore.updateAccount(editorAccount.account.id, { locale: 'en' }, { at: time.now(), accountId: editorAccount.account.id, address: 'test', action: 'account.locale', target: `account:${editorAccount.account.id}`, outcome: 'ok' })
  const en = await app.inject({ url: PAGE, headers: editor.headers })
  t.match(en.body, 'No. 1 compared with No. 2')
  t.match(/data-field="ja\.draft"[\s\S]*?<\/dd>/.exec(en.body)?.[0], '</span>Draft</ins>', 'in the staff member’s language')
  t.match(en.body, 'Restore No. 1')

  // A restore names the revision by its number too: the confirmation, the notice, the new row.
  const ask = await postForm(app, RESTORE, editor.headers, { _csrf: editor.csrf, seq: String(first), hash: itemHash(dir, KEY), confirmed: '' })
  t.match(ask.body, /Restore “[^”]+” to revision No\. 1 \(/, 'the confirmation names the item and revision No. 1')
  t.match(ask.body, `name="seq" value="${first}"`, 'the form still sends the seq')
  const done = await postForm(app, RESTORE, editor.headers, { _csrf: editor.csrf, seq: String(first), hash: itemHash(dir, KEY), confirmed: '1' })
  const after = await app.inject({ url: done.headers.location as string, headers: editor.headers })
  t.match(after.body, 'Revision No. 1 restored.')
  t.match(after.body, /<td[^>]*>3<\/td>[\s\S]*?Restored No\. 1/, 'the restore is No. 3, from No. 1')
})

t.test('restore: confirmation, then a new revision restore with the old item, audited, served', async (t) => {
  const { app, dir, editor, editorAccount, time } = await editorApp(t)
  const first = await save(app, dir, editorAccount.account.id, titled(dir, '本社を新宿に移転しました'))
  time.advance(60_000)
  await save(app, dir, editorAccount.account.id, titled(dir, '本社を渋谷に移転しました'))
  await app.reloadContent('test')
  const page = await app.inject({ url: PAGE, headers: editor.headers })
  const hash = field(page.body, 'hash')
  t.equal(hash, itemHash(dir, KEY))

  const ask = await postForm(app, RESTORE, editor.headers, { _csrf: editor.csrf, seq: String(first), hash, confirmed: '' })
  t.equal(ask.statusCode, 200, 'without JavaScript: the confirmation step')
  t.match(ask.body, 'data-confirm="restore"')
  t.match(file(dir), '渋谷', 'nothing restored yet')

  time.advance(60_000)
  const done = await postForm(app, RESTORE, editor.headers, { _csrf: editor.csrf, seq: String(first), hash, confirmed: '1' })
  t.equal(done.statusCode, 303)
  t.equal(done.headers.location, `${PAGE}?restored=${first}`)
  t.match(file(dir), 'title: 本社を新宿に移転しました')
  const [latest] = await app.editorStore.revisions(KEY)
  t.match(latest, { action: 'restore', restoredFrom: first, accountId: editorAccount.account.id, at: time.now(), hash: itemHash(dir, KEY) })
  t.same(latest!.item, titled(dir, '本社を新宿に移転しました'))
  const audit = await app.staffStore.listAudit({ action: 'content.change', limit: 10 })
  t.match(audit[0], { accountId: editorAccount.account.id, target: KEY, outcome: 'ok' })
  t.equal(h1((await app.inject({ url: '/news/2026-04-new-office' })).body)?.trim(), '本社を新宿に移転しました', 'served at once')
  const after = await app.inject({ url: `${PAGE}?restored=${first}`, headers: editor.headers })
  t.match(after.body, 'data-notice="restored"')
})

t.test('restore refused: changed meanwhile (409), a tree with problems (422), an unknown revision: nothing written or recorded', async (t) => {
  const { app, dir, editor, editorAccount } = await editorApp(t)
  const first = await save(app, dir, editorAccount.account.id, titled(dir, '本社を新宿に移転しました'))
  const stale = itemHash(dir, KEY)
  await save(app, dir, editorAccount.account.id, titled(dir, '本社を渋谷に移転しました'))
  const count = (await app.editorStore.revisions(KEY)).length
  const audits = (await app.staffStore.listAudit({ action: 'content.change', limit: 100 })).length
  const before = file(dir)

  const conflict = await postForm(app, RESTORE, editor.headers, { _csrf: editor.csrf, seq: String(first), hash: stale, confirmed: '1' })
  t.equal(conflict.statusCode, 409)
  t.match(conflict.body, 'data-notice="conflict"')

  // A revision whose item the site would refuse (recorded without its files, as an old schema's might be).
  const broken = titled(dir, '壊れた日付')
  broken.versions!.ja!.fields.date = '2026-02-30'
  const bad = await save(app, dir, null, broken, 'import', false)
  const refused = await postForm(app, RESTORE, editor.headers, { _csrf: editor.csrf, seq: String(bad), hash: itemHash(dir, KEY), confirmed: '1' })
  t.equal(refused.statusCode, 422)
  t.match(refused.body, 'data-notice="refused"')
  t.match(refused.body, /news\/2026-04-new-office\.ja\.md: date/)

  for (const seq of ['999999', 'x', '']) {
    const unknown = await postForm(app, RESTORE, editor.headers, { _csrf: editor.csrf, seq, hash: itemHash(dir, KEY), confirmed: '1' })
    t.equal(unknown.statusCode, 409, `seq ${JSON.stringify(seq)}`)
    t.match(unknown.body, 'data-notice="unknown"')
  }
  t.equal(file(dir), before, 'the files untouched')
  t.equal((await app.editorStore.revisions(KEY)).length, count + 1, 'no revision but the broken one the test made')
  t.equal((await app.staffStore.listAudit({ action: 'content.change', limit: 100 })).length, audits + 1, 'no audit entry but the test’s own')
})

t.test('editors and admins only', async (t) => {
  const { app, responder } = await editorApp(t)
  t.equal((await app.inject({ url: PAGE, headers: responder.headers })).statusCode, 403)
  t.equal((await postForm(app, RESTORE, responder.headers, { _csrf: responder.csrf, seq: '1', hash: 'x', confirmed: '1' })).statusCode, 403)
})
