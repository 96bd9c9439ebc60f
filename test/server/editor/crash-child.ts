// A save that dies half way (files-crash.test.ts): writes an item through writeItem, and stops for good at
// the moment named by argv[3] ('before-rename': the first file's temporary copy is written but not renamed;
// 'between': the first file is renamed, the second not written yet), saying so on stdout, to be killed there.
import fs from 'node:fs'
import { syncBuiltinESMExports } from 'node:module'
import { readItem, writeItem } from '../../../server/editor/files'

const [dir, moment] = process.argv.slice(2) as [string, 'before-rename' | 'between']
const stop = (): never => {
  process.stdout.write(`${moment}\n`)
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)
  throw new Error('not reached')
}
const rename = fs.renameSync
fs.renameSync = ((from: fs.PathLike, to: fs.PathLike) => {
  const isItem = String(to).endsWith('.md')
  if (isItem && moment === 'before-rename') stop()
  rename(from, to)
  if (isItem && moment === 'between') stop()
}) as typeof fs.renameSync
syncBuiltinESMExports()

const read = readItem(dir, 'news', '2026-04-new-office')!
const next = structuredClone(read.item)
next.versions!.ja!.fields.title = '新しい題名'
next.versions!.en!.fields.title = 'New title'
writeItem(dir, 'news/2026-04-new-office', read.hash, next)
process.stdout.write('finished\n')
