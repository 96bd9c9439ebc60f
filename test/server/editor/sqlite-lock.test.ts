// SQLite's content lock across processes (two replicas on one DATA_DIR file, as the CLI's import and the
// site): while one commit's apply runs, another process's commit waits in BEGIN IMMEDIATE, and its apply
// starts only once the first commit is on disk (seen from a third connection).
import t from 'tap'
import Database from 'better-sqlite3'
import { spawn } from 'node:child_process'
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as delay } from 'node:timers/promises'
import { DB_FILE, openDatabase } from '../../../server/database'
import { tempDataDir } from '../contact/helper'
import { change, newsItem, T0 } from './helper'
import { sqliteStores } from '../stores'

t.test('a commit in another process holds the lock: ours applies after it committed', async (t) => {
  const dir = tempDataDir(t)
  const log = join(dir, 'order.log')
  writeFileSync(log, '')
  const store = sqliteStores(openDatabase(dir))
  t.teardown(() => store.close())
  const outside = new Database(join(dir, DB_FILE), { readonly: true })
  t.teardown(() => outside.close())
  const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'hold-commit.ts'), dir, log], { stdio: ['ignore', 'inherit', 'inherit'] })
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  while (!readFileSync(log, 'utf8').includes('A-in')) await delay(10)

  let heldCommitted: unknown = 'apply did not run'
  appendFileSync(log, 'B-calling\n')
  const seq = await store.editor.commit(change('news/ours', newsItem('ours'), T0 + 1), () => {
    appendFileSync(log, 'B-apply\n')
    heldCommitted = outside.prepare("SELECT COUNT(*) FROM content_revisions WHERE item_key = 'news/held'").pluck().get()
  })
  t.equal(await exited, 0, 'the other process committed')
  t.equal(heldCommitted, 1, "when our apply started, the other process's revision was committed")
  const order = readFileSync(log, 'utf8').split('\n').filter(Boolean)
  t.same(order.filter((w) => w !== 'A-committed'), ['A-in', 'B-calling', 'A-out', 'B-apply'], "ours applied after theirs ended (the other's 'A-committed' comes when its promise resolved)")
  const held = (await store.editor.revisions('news/held'))[0]!
  t.ok(held.seq < seq, 'numbered in commit order')
})
