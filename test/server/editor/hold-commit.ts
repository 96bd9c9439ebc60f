// A second replica in its own process for sqlite-lock.test.ts: opens the SQLite store in DATA_DIR (argv[2])
// and commits news/held with an apply that writes 'A-in' to the log (argv[3]), then holds the transaction
// open until the test has written 'B-calling' and a moment more (the other commit is then waiting in
// BEGIN IMMEDIATE), or until 'B-apply' shows up (the lock failed), then 'A-out'; after the commit, 'A-committed'.
import { appendFileSync, readFileSync } from 'node:fs'
import { openDatabase } from '../../../server/database'
import { change, newsItem, T0 } from './helper'
import { sqliteStores } from '../stores'

const [dir, log] = process.argv.slice(2) as [string, string]
const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
const logged = (word: string) => readFileSync(log, 'utf8').split('\n').includes(word)
const store = sqliteStores(openDatabase(dir))
await store.editor.commit(change('news/held', newsItem('held'), T0), () => {
  appendFileSync(log, 'A-in\n')
  while (!logged('B-calling')) pause(5)
  // The other commit needs a moment to reach its BEGIN IMMEDIATE: wait for it, unless its apply already ran.
  for (let waited = 0; waited < 300 && !logged('B-apply'); waited += 5) pause(5)
  appendFileSync(log, 'A-out\n')
})
appendFileSync(log, 'A-committed\n')
await store.close()
