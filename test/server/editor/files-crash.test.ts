// A save killed mid-way (a crash leaves the old file or the new one, never a mix): a child process
// saving an article is killed before its first rename and between its two files. Each file is then whole
// (old or new), the marker is left odd (a replica would not take the folder for a finished save), the
// folder still loads, and the next save goes through.
import t from 'tap'
import { spawn } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { loadContent } from '../../../server/content/load'
import { readItem, writeItem } from '../../../server/editor/files'
import { isWriting, readMarker } from '../../../server/content/marker'
import { contentCopy } from './files-helper'

/** Runs the child until it says it stopped at `moment`, then kills it (SIGKILL: no clean-up of any kind). */
function killedAt(dir: string, moment: string): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/server/editor/crash-child.ts', dir, moment], { stdio: ['ignore', 'pipe', 'inherit'] })
  let out = ''
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      out += chunk
      if (out.includes(`${moment}\n`)) child.kill('SIGKILL')
    })
    child.on('exit', (code, signal) => (signal === 'SIGKILL' && out === `${moment}\n` ? resolve() : reject(new Error(`child ended ${code ?? signal}: ${out}`))))
  })
}

const files = (dir: string) => ({ ja: readFileSync(join(dir, 'news/2026-04-new-office.ja.md'), 'utf8'), en: readFileSync(join(dir, 'news/2026-04-new-office.en.md'), 'utf8') })

t.test('killed before its first rename: both files old, the marker odd, the folder loads', async (t) => {
  const dir = contentCopy(t)
  const before = files(dir)
  await killedAt(dir, 'before-rename')
  t.same(files(dir), before)
  t.ok(isWriting(readMarker(dir)), 'the marker says a save is under way')
  t.ok(readdirSync(join(dir, 'news')).some((n) => n.startsWith('.') && n.endsWith('.tmp')), 'its temporary file is left, named as the loader skips it')
  await loadContent(dir)
})

t.test('killed between its two files: the first new and whole, the second old and whole; the next save goes through', async (t) => {
  const dir = contentCopy(t)
  const before = files(dir)
  await killedAt(dir, 'between')
  const after = files(dir)
  t.not(after.ja, before.ja)
  t.match(after.ja, /^---\ntitle: 新しい題名\n[\s\S]*\n---\n\n[\s\S]+\n$/)
  t.equal(after.en, before.en)
  const marker = readMarker(dir)!
  t.ok(isWriting(marker))
  await loadContent(dir)
  const read = readItem(dir, 'news', '2026-04-new-office')!
  writeItem(dir, 'news/2026-04-new-office', read.hash, read.item)
  t.equal(readMarker(dir)!.counter, marker.counter + 3, 'the next save makes it odd then even again')
  t.notOk(isWriting(readMarker(dir)))
})
