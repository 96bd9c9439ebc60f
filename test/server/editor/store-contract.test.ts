// The editor store's contract (server/editor/types.ts) on both engines: commit records the revision, the
// marks and the audit entry in one transaction, a refused apply records nothing, commits of two replicas
// are serialised (each apply starts after the previous commit's transaction ended), revisions newest first
// with the whole item, latestRevisions, marks replaced per key/locale/field, presence.
import t from 'tap'
import { ContentConflict } from '../../../server/editor/types'
import type { ItemKey } from '../../../shared/admin/editor-model/items'
import { startPostgres } from '../../../scripts/engines.mjs'
import { change, editorEngines, mark, MIN, newsItem, profileItem, T0 } from './helper'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

for (const engine of editorEngines(postgres)) {
  t.test(`${engine.name}: the editor store`, async (t) => {
    t.test('migration 6: the current version (9), once, also with replicas opening together', async (t) => {
      const { store, another } = await engine.fresh(t)
      const more = await Promise.all([another(), another()])
      for (const s of [store, ...more]) t.equal(await s.schemaVersion(), 9)
      t.same(await store.editor.revisions('news/none'), [])
      t.same([...(await store.editor.latestRevisions())], [])
    })

    t.test('commit: apply runs inside, then the revision, the marks and the audit entry are there together', async (t) => {
      const { store, committed } = await engine.fresh(t)
      const key: ItemKey = 'news/2026-04-tour'
      const item = newsItem('2026-04-tour')
      let seenInApply: string[] | null = null
      const seq = await store.editor.commit(change(key, item, T0, { action: 'create', marks: [mark(key, 'title', 'aaaa', T0)] }), () => {
        seenInApply = committed("SELECT item_key FROM content_revisions UNION ALL SELECT target FROM staff_audit WHERE action = 'content.change'")
      })
      t.same(seenInApply, [], 'apply ran before anything of its commit was recorded')
      t.ok(Number.isInteger(seq) && seq > 0, 'the seq')
      t.strictSame(await store.editor.revision(seq), { seq, number: 1, key, at: T0, accountId: 'ed1', action: 'create', item, hash: `hash-${T0}`, restoredFrom: null }, 'the whole item, as given')
      t.strictSame(await store.editor.marks(key), [mark(key, 'title', 'aaaa', T0)])
      t.strictSame(
        await store.staff.listAudit({ action: 'content.change' }),
        [{ at: T0, accountId: 'ed1', address: '192.0.2.9', action: 'content.change', target: key, outcome: 'ok', repeats: 1 }],
        'the audit entry',
      )
      t.same(committed('SELECT COUNT(*) FROM content_revisions'), ['1'], 'committed before commit resolved')
      t.equal(await store.editor.revision(seq + 1), null, 'an unknown seq')
    })

    t.test('apply throwing: the commit rejects with its error and nothing is recorded; the lock is free again', async (t) => {
      const { store } = await engine.fresh(t)
      const key: ItemKey = 'news/a'
      await store.editor.commit(change(key, newsItem('a'), T0, { marks: [mark(key, 'title', 'old', T0)] }), () => undefined)
      const conflict = new ContentConflict(newsItem('a', 'theirs'), 'theirhash')
      const refused = await store.editor
        .commit(change(key, newsItem('a', 'mine'), T0 + MIN, { marks: [mark(key, 'title', 'new', T0 + MIN), mark(key, 'body', 'b', T0 + MIN)] }), () => {
          throw conflict
        })
        .then(() => 'committed', (err: unknown) => err)
      t.equal(refused, conflict, 'rejects with the very ContentConflict, for the page to show both versions')
      t.equal((await store.editor.revisions(key)).length, 1, 'no revision')
      t.strictSame(await store.editor.marks(key), [mark(key, 'title', 'old', T0)], 'marks as they were')
      t.equal((await store.staff.listAudit({ action: 'content.change' })).length, 1, 'no audit entry')

      await t.rejects(
        store.editor.commit(change(key, newsItem('a', 'async'), T0 + 2 * MIN), (async () => undefined) as () => void),
        { name: 'TypeError', message: /apply must be synchronous/ },
        'an apply that returns a promise is refused: the lock would not cover it',
      )
      t.equal((await store.editor.revisions(key)).length, 1, 'and nothing recorded')
      const seq = await store.editor.commit(change(key, newsItem('a', 'next'), T0 + 3 * MIN), () => undefined)
      t.equal((await store.editor.revisions(key))[0]!.seq, seq, 'the next commit goes through')
    })

    t.test('revisions: newest first, limited, every action round-tripped; latestRevisions per item', async (t) => {
      const { store } = await engine.fresh(t)
      const key: ItemKey = 'news/b'
      const seqs: number[] = []
      const items = [newsItem('b', '一'), newsItem('b', '二'), newsItem('b', '三')]
      for (const [i, item] of items.entries()) seqs.push(await store.editor.commit(change(key, item, T0 + i * MIN, { action: i ? 'save' : 'create' }), () => undefined))
      const restored = await store.editor.commit(change(key, items[0]!, T0 + 10 * MIN, { action: 'restore', restoredFrom: seqs[0]! }), () => undefined)
      const profile = await store.editor.commit(change('site/profile', profileItem(), T0 + 11 * MIN, { accountId: null, action: 'import' }), () => undefined)
      const gone = await store.editor.commit(change('news/c', newsItem('c'), T0 + 12 * MIN, { action: 'create' }), () => undefined)
      const deleted = await store.editor.commit(change('news/c', null, T0 + 13 * MIN, { action: 'delete' }), () => undefined)

      const list = await store.editor.revisions(key)
      t.same(list.map((r) => r.seq), [restored, ...[...seqs].reverse()], 'newest first')
      t.ok(seqs.every((s, i) => i === 0 || s > seqs[i - 1]!), 'numbered in commit order')
      t.strictSame(list[0], { seq: restored, number: 4, key, at: T0 + 10 * MIN, accountId: 'ed1', action: 'restore', item: items[0], hash: `hash-${T0 + 10 * MIN}`, restoredFrom: seqs[0] })
      t.strictSame(list.slice(1).map((r) => r.item), [...items].reverse(), 'each state whole')
      t.same((await store.editor.revisions(key, 2)).map((r) => r.seq), [restored, seqs[2]], 'at most limit')
      t.strictSame(await store.editor.revision(profile), { seq: profile, number: 1, key: 'site/profile', at: T0 + 11 * MIN, accountId: null, action: 'import', item: profileItem(), hash: `hash-${T0 + 11 * MIN}`, restoredFrom: null }, 'a site part, by the command line')
      t.strictSame((await store.editor.revision(deleted))!.item, null, 'a delete keeps no item')

      const latest = await store.editor.latestRevisions()
      t.same([...latest.keys()].sort(), ['news/b', 'news/c', 'site/profile'])
      t.same([latest.get('news/b')!.seq, latest.get('news/c')!.seq, latest.get('site/profile')!.seq], [restored, deleted, profile], 'the last of each')
      t.strictSame(latest.get('news/b'), list[0], 'whole revisions')
      t.ok(gone < deleted)
    })

    t.test('numbers: each item\'s revisions 1, 2, 3… on their own, whatever other items committed between', async (t) => {
      const { store } = await engine.fresh(t)
      const a: ItemKey = 'news/a'
      const b: ItemKey = 'projects/b'
      const seqs: number[] = []
      for (const [i, key] of [a, b, b, a, b, a].entries()) seqs.push(await store.editor.commit(change(key, newsItem(key.slice(-1), String(i)), T0 + i * MIN), () => undefined))
      const listA = await store.editor.revisions(a)
      t.same(listA.map((r) => r.number), [3, 2, 1], 'newest first, numbered per item')
      t.same((await store.editor.revisions(b)).map((r) => r.number), [3, 2, 1])
      t.same(listA.map((r) => r.seq), [seqs[5], seqs[3], seqs[0]], 'the seq still counts across items')
      t.equal((await store.editor.revision(seqs[3]!))!.number, 2, 'one revision by its seq: its number too')
      t.same([...(await store.editor.latestRevisions()).values()].map((r) => [r.key, r.number]), [[a, 3], [b, 3]], 'the latest of each item')
      t.same((await store.editor.revisions(a, 1)).map((r) => r.number), [3], 'counted over every revision, not the limit')
    })

    t.test('revisions: 100 by default', async (t) => {
      const { store } = await engine.fresh(t)
      for (let i = 0; i < 101; i++) await store.editor.commit(change('pages/recruit', null, T0 + i, { action: 'delete' }), () => undefined)
      const list = await store.editor.revisions('pages/recruit')
      t.equal(list.length, 100)
      t.equal(list[0]!.at, T0 + 100, 'the newest hundred')
    })

    t.test('marks: replaced by key, locale and field; other items untouched; a delete clears the item\'s', async (t) => {
      const { store } = await engine.fresh(t)
      const a: ItemKey = 'news/a'
      const b: ItemKey = 'projects/b'
      await store.editor.commit(change(a, newsItem('a'), T0, { marks: [mark(a, 'title', 'h1', T0), mark(a, 'body', 'h2', T0), mark(a, 'title', 'hj', T0, 'ja')] }), () => undefined)
      await store.editor.commit(change(b, newsItem('b'), T0, { marks: [mark(b, 'title', 'hb', T0)] }), () => undefined)
      await store.editor.commit(change(a, newsItem('a'), T0 + MIN, { marks: [mark(a, 'title', 'h3', T0 + MIN), mark(a, 'gallery.2.alt', 'h4', T0 + MIN)] }), () => undefined)
      t.strictSame(await store.editor.marks(a), [mark(a, 'body', 'h2', T0), mark(a, 'gallery.2.alt', 'h4', T0 + MIN), mark(a, 'title', 'h3', T0 + MIN), mark(a, 'title', 'hj', T0, 'ja')], 'by locale, then field')
      t.strictSame(await store.editor.marks(b), [mark(b, 'title', 'hb', T0)], 'the other item keeps its own')
      await store.editor.commit(change(a, null, T0 + 2 * MIN, { action: 'delete' }), () => undefined)
      t.strictSame(await store.editor.marks(a), [], 'deleted: none left')
      t.equal((await store.editor.marks(b)).length, 1)
    })

    t.test('presence: since, except the asker, most recent first; a heartbeat moves the time', async (t) => {
      const { store, another } = await engine.fresh(t)
      const other = await another()
      const key: ItemKey = 'news/a'
      await store.editor.touchPresence(key, 'me', T0)
      await store.editor.touchPresence(key, 'old', T0 - 5 * MIN)
      await other.editor.touchPresence(key, 'ann', T0 - MIN)
      await other.editor.touchPresence(key, 'bob', T0 - 30_000)
      await store.editor.touchPresence('news/b', 'carl', T0)
      t.strictSame(await store.editor.presence(key, T0 - 2 * MIN, 'me'), [
        { key, accountId: 'bob', seenAt: T0 - 30_000 },
        { key, accountId: 'ann', seenAt: T0 - MIN },
      ], 'seen on another replica too; not the asker, not before since, not another item')
      await store.editor.touchPresence(key, 'ann', T0 + MIN)
      t.same((await other.editor.presence(key, T0 - MIN, 'bob')).map((p) => [p.accountId, p.seenAt]), [['ann', T0 + MIN], ['me', T0]], 'one row per account, the latest heartbeat; since is inclusive')
      t.same(await store.editor.presence(key, T0 + 2 * MIN, 'x'), [], 'nobody lately')
    })

    t.test('two replicas committing at once are serialised: each apply starts after the previous commit ended', async (t) => {
      const { store, another, committed } = await engine.fresh(t)
      const replicas = [store, await another(), await another()]
      const started: string[] = []
      const problems: string[] = []
      const commits = replicas.flatMap((replica, r) =>
        [0, 1, 2].map((i) => {
          const key: ItemKey = `news/r${r}-${i}`
          return replica.editor.commit(change(key, newsItem(`r${r}-${i}`), T0 + i, { marks: [mark(key, 'title', key, T0)] }), () => {
            const done = new Set(committed('SELECT item_key FROM content_revisions'))
            for (const before of started) if (!done.has(before)) problems.push(`${key} applied while ${before} was not committed`)
            if (done.has(key)) problems.push(`${key} committed before its apply`)
            started.push(key)
          })
        }),
      )
      const seqs = await Promise.all(commits)
      t.strictSame(problems, [], 'no apply overlapped another commit')
      t.equal(started.length, 9)
      const latest = await store.editor.latestRevisions()
      t.same(started.map((key) => latest.get(key as ItemKey)!.seq), [...seqs].sort((a, b) => a - b), 'numbered in the order applied')
      t.equal((await store.staff.listAudit({ action: 'content.change' })).length, 9)
    })
  })
}
