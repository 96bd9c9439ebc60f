// The editor service (server/editor/service.ts) without HTTP, on the real stores and a copy of the
// fixture's content folder, with an injected clock: each rule once. A save on a stale base is a conflict
// and writes nothing (SQLite and PostgreSQL); a form the catalogue's rules refuse is 'invalid' with its
// errors; a save is confirmed first, then writes its revision and 'content.change' audit entry under the
// actor and reloads; a restore on a stale hash is a conflict; a preview link is audited.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { formOfItem } from '../../../shared/admin/content-item/form-model'
import type { SiteStores } from '../stores'
import { readItemState } from '../../../server/editor/files'
import { createPreviewLinks } from '../../../server/editor/preview-links'
import { createEditorService } from '../../../server/editor/service'
import type { Actor } from '../../../server/db/actor'
import { startPostgres } from '../../../scripts/engines.mjs'
import { contentCopy, treeHashes } from './files-helper'
import { editorEngines, MIN, T0 } from './helper'
import { newsForm } from './preview-helper'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

const EDITOR: Actor = { accountId: 'ed1', role: 'editor', address: '192.0.2.9' }
const SLUG = '2025-06-article-08'

/** The service on a store and a content copy; its clock (moved by the test) and the reloads it asked for. */
function serviceOn(t: { teardown: (fn: () => void) => void }, store: SiteStores) {
  const dir = contentCopy(t)
  const time = { now: T0 }
  const reloads: string[] = []
  const editor = createEditorService({
    store: store.editor,
    staff: store.staff,
    contentDir: dir,
    now: () => time.now,
    reload: async (reason) => void reloads.push(reason),
    links: createPreviewLinks('test-key'),
    claims: store.inbox,
  })
  return { editor, dir, time, reloads }
}

/** The editor's form of the fixture's article as it is on disk, and its hash. */
function opened(dir: string) {
  const state = readItemState(dir, 'news', SLUG)!
  return { form: formOfItem(state.item!), base: state.hash }
}

const input = (form: Record<string, string>, base: string, confirmed = true) => ({ kind: 'news', slug: SLUG, isNew: false, form, base, confirmed, locale: 'ja' as const })

for (const engine of editorEngines(postgres)) {
  t.test(`${engine.name}: a save on a stale base is a conflict; nothing written`, async (t) => {
    const { store } = await engine.fresh(t)
    const { editor, dir, time } = serviceOn(t, store)
    const { form, base } = opened(dir)
    const first = await editor.save(EDITOR, input({ ...form, 'ja.title': '一人目の保存' }, base))
    t.equal(first.kind, 'done', 'the first save')
    time.now += MIN
    const before = treeHashes(dir)
    const second = await editor.save(EDITOR, input({ ...form, 'ja.title': '二人目の保存' }, base))
    t.equal(second.kind, 'conflict', 'the second on the same base: a conflict')
    if (second.kind === 'conflict') {
      t.equal(second.theirs?.versions?.ja?.fields.title, '一人目の保存', 'with the item as it is now')
      t.equal(second.hash, readItemState(dir, 'news', SLUG)!.hash)
    }
    t.same(treeHashes(dir), before, 'no file written')
    t.equal((await store.editor.revisions(`news/${SLUG}`)).length, 1, 'no revision')
    t.equal((await store.staff.listAudit({ action: 'content.change' })).length, 1, 'no audit entry')
  })
}

t.test('sqlite: the other rules', async (t) => {
  const [sqlite] = editorEngines(postgres)
  const { store } = await sqlite!.fresh(t)

  t.test('a form the rules refuse: invalid, with the errors in the staff member\'s words', async (t) => {
    const { editor, dir } = serviceOn(t, store)
    const { form, base } = opened(dir)
    const outcome = await editor.save(EDITOR, input({ ...form, 'ja.title': '' }, base))
    t.equal(outcome.kind, 'invalid')
    t.ok(outcome.kind === 'invalid' && outcome.errors['ja.title'], 'the title named')
    t.same(await editor.save(EDITOR, { ...input(newsForm({ slug: 'Not A Slug' }), ''), isNew: true, slug: undefined }).then((o) => o.kind), 'invalid', 'a new item\'s slug')
    t.same(await editor.save(EDITOR, input({ ...form, 'has.ja': '', 'has.en': '' }, base)).then((o) => o.kind), 'refused', 'every language removed: that is deleting')
    t.same(await editor.save(EDITOR, { ...input(form, base), kind: 'nothing' }), { kind: 'not-found' })
  })

  t.test('a save: confirmed first, then its revision and audit entry under the actor, and a reload', async (t) => {
    const { editor, dir, time, reloads } = serviceOn(t, store)
    const { form, base } = opened(dir)
    const typed = { ...form, 'ja.title': '保存した題名' }
    t.same(await editor.save(EDITOR, input(typed, base, false)), { kind: 'confirm', item: { kind: 'news', slug: SLUG } }, 'asks first')
    t.same(reloads, [], 'nothing written yet')
    time.now += 5 * MIN
    t.same(await editor.save(EDITOR, input(typed, base)), { kind: 'done', item: { kind: 'news', slug: SLUG }, created: false })
    t.match(readFileSync(join(dir, 'news', `${SLUG}.ja.md`), 'utf8'), /保存した題名/)
    const [revision] = await store.editor.revisions(`news/${SLUG}`)
    t.same([revision!.action, revision!.accountId, revision!.at, revision!.hash], ['save', 'ed1', time.now, readItemState(dir, 'news', SLUG)!.hash])
    const audit = (await store.staff.listAudit({ action: 'content.change' })).find((a) => a.at === time.now)!
    t.same([audit.accountId, audit.address, audit.target], ['ed1', '192.0.2.9', `news/${SLUG}`])
    t.same(reloads, [`editor save news/${SLUG}`])
  })

  t.test('a restore on a stale hash: a conflict; on the current one: done', async (t) => {
    const { editor, dir, time } = serviceOn(t, store)
    const { form, base } = opened(dir)
    await editor.save(EDITOR, input({ ...form, 'ja.title': '復元前' }, base))
    const [latest] = await store.editor.revisions(`news/${SLUG}`)
    const restore = (hash: string) => editor.restore(EDITOR, { kind: 'news', slug: SLUG, seq: latest!.seq, hash, confirmed: true })
    t.same(await restore(base), { kind: 'conflict' }, 'the hash the page showed is no longer the item\'s')
    time.now += MIN
    t.same(await restore(readItemState(dir, 'news', SLUG)!.hash), { kind: 'done', seq: latest!.seq })
    t.same(await editor.restore(EDITOR, { kind: 'news', slug: SLUG, seq: 999_999, hash: '', confirmed: true }), { kind: 'unknown' })
  })

  t.test('a preview link: made on the saved item, audited', async (t) => {
    const { editor } = serviceOn(t, store)
    const made = await editor.previewLink(EDITOR, { kind: 'news', slug: SLUG, locale: 'en', ttl: 'week' })
    t.same(made.kind === 'done' && [made.locale, made.ttl], ['en', 'week'])
    t.same((await store.staff.listAudit({ action: 'content.preview-link' })).map((a) => [a.accountId, a.target]), [['ed1', `news/${SLUG} en week`]])
    t.same(await editor.previewLink(EDITOR, { kind: 'news', slug: 'none-such', locale: 'ja', ttl: 'day' }), { kind: 'not-found' })
  })
})
