// `npm run content -- export --out DIR` and `import DIR`: the content folder as files and back;
// a tree with problems is refused in words and leaves the folder as it was. Through the functions and
// through the command line as an operator runs it.
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { exportContent, importContent } from '../../../server/editor/files-transfer'
import { readItem, writeItem } from '../../../server/editor/files'
import { readMarker } from '../../../server/content/marker'
import { ContentRefused } from '../../../server/editor/types'
import { openDatabase } from '../../../server/database'
import { contentCopy, throwsA, treeHashes } from './files-helper'
import { sqliteStores } from '../stores'
import { cliArgs } from '../cli'

function emptyFolder(t: { teardown: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-transfer-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

const withoutMarker = (hashes: Record<string, string>) => {
  const { ['.content-revision']: _marker, ...rest } = hashes
  return rest
}

/** The command line as an operator runs it, with a data folder of its own (no database in it unless the test made one). */
function cli(dir: string, dataDir: string, ...args: string[]) {
  const env = { ...process.env, CONTENT_DIR: dir, DATA_DIR: dataDir, DATABASE_URL: '' }
  return spawnSync(process.execPath, [...cliArgs('content'), ...args], { env, encoding: 'utf8', timeout: 60_000 })
}

/** The inquiry database (SQLite) in a data folder, with its editor store. */
function sqliteStore(t: { teardown: (fn: () => unknown) => void }, dataDir: string) {
  const store = sqliteStores(openDatabase(dataDir, { log: () => {} }))
  t.teardown(() => store.close())
  return store
}

t.test('export copies every file but the marker and a save’s temporary files; refuses a folder that is not empty', async (t) => {
  const dir = contentCopy(t)
  const read = readItem(dir, 'news', '2026-04-new-office')!
  writeItem(dir, 'news/2026-04-new-office', read.hash, read.item)
  writeFileSync(join(dir, 'news', '.2026-04-new-office.ja.md.0a1b2c.tmp'), 'half')
  const out = join(emptyFolder(t), 'export')
  const count = exportContent(dir, out)
  const expected = withoutMarker(treeHashes(dir))
  delete expected['news/.2026-04-new-office.ja.md.0a1b2c.tmp']
  t.same(treeHashes(out), expected)
  t.equal(count, Object.keys(expected).length)
  throwsA(t, () => exportContent(dir, out), ContentRefused)
  throwsA(t, () => exportContent(dir, join(dir, 'inside')), ContentRefused)
})

t.test('import of a tree with problems is refused with the problems in words; nothing is written', async (t) => {
  const dir = contentCopy(t)
  const before = treeHashes(dir)
  const from = contentCopy(t)
  writeFileSync(join(from, 'news/2026-04-new-office.en.md'), readFileSync(join(from, 'news/2026-04-new-office.en.md'), 'utf8').replace('date: "2026-04-01"', 'date: "2026-02-30"'))
  rmSync(join(from, 'pages/about.en.md'))
  const err = (await importContent(dir, from, null, 0).catch((e: unknown) => e)) as ContentRefused
  t.ok(err instanceof ContentRefused)
  t.match(err.problems.join('\n'), /news\/2026-04-new-office\.en\.md: date: must be a real date/)
  t.match(err.problems.join('\n'), /pages\/about\.en\.md: file is missing/)
  t.same(treeHashes(dir), before, 'the content folder is as it was, marker included')
})

t.test('import replaces the folder’s files: changed, added and removed items, an image; the marker goes up by two', async (t) => {
  const dir = contentCopy(t)
  const marker = readMarker(dir)
  const from = contentCopy(t)
  const en = join(from, 'news/2026-04-new-office.en.md')
  writeFileSync(en, readFileSync(en, 'utf8').replace(/^title: .*$/m, 'title: "We moved (Git)"'))
  rmSync(join(from, 'news/2025-02-article-12.en.md'))
  rmSync(join(from, 'news/2025-02-article-12.ja.md'))
  mkdirSync(join(from, 'images/uploads'))
  copyFileSync(join(from, 'images/cover.svg'), join(from, 'images/uploads/cover-2.svg'))
  copyFileSync(join(from, 'projects/kawasaki-bridge.ja.md'), join(from, 'projects/kawasaki-bridge.en.md'))
  const result = await importContent(dir, from, null, 0)
  t.same(result.changed, ['news/2025-02-article-12', 'news/2026-04-new-office', 'projects/kawasaki-bridge'])
  t.same({ written: result.written, removed: result.removed }, { written: 3, removed: 2 })
  t.same(withoutMarker(treeHashes(dir)), treeHashes(from))
  t.equal(readMarker(dir)!.counter, (marker?.counter ?? 0) + 2)
  // The same tree again: nothing to do, the marker untouched.
  t.same(await importContent(dir, from, null, 0), { changed: [], written: 0, removed: 0 })
  t.equal(readMarker(dir)!.counter, (marker?.counter ?? 0) + 2)
})

t.test('the command line: export, edit, import; a broken tree exits 1 with its problems, a wrong command line 2', async (t) => {
  const dir = contentCopy(t)
  const data = emptyFolder(t)
  const out = join(emptyFolder(t), 'tree')
  const exported = cli(dir, data, 'export', '--out', out)
  t.equal(exported.status, 0, exported.stderr)
  t.match(exported.stdout, /^exported \d+ file\(s\) from /)
  const about = join(out, 'pages/about.en.md')
  writeFileSync(about, readFileSync(about, 'utf8').replace(/^title: .*$/m, 'title: "About us (from Git)"'))
  const imported = cli(dir, data, 'import', out)
  t.equal(imported.status, 0, imported.stderr)
  t.match(imported.stdout, /1 file\(s\) written, 0 removed, 1 item\(s\) changed: pages\/about/)
  t.equal(readItem(dir, 'pages', 'about')!.item.versions!.en!.fields.title, 'About us (from Git)')

  const before = treeHashes(dir)
  writeFileSync(about, readFileSync(about, 'utf8').replace(/^title: .*$/m, 'title: ""'))
  const refused = cli(dir, data, 'import', out)
  t.equal(refused.status, 1)
  t.match(refused.stderr, /^pages\/about\.en\.md: title: /m)
  t.match(refused.stderr, /content refused: 1 problem\(s\); nothing was changed/)
  t.same(treeHashes(dir), before)
  t.equal(cli(dir, data, 'import').status, 2)
  t.equal(cli(dir, data, 'export').status, 2)
  t.equal(cli(dir, data, 'sync').status, 2)
  t.same(readdirSync(data), [], 'no database was made')
})

t.test('with the inquiry database: an import revision and a content.change audit entry from cli per changed item', async (t) => {
  const dir = contentCopy(t)
  const data = emptyFolder(t)
  const store = sqliteStore(t, data)
  const from = contentCopy(t)
  const en = join(from, 'news/2026-04-new-office.en.md')
  writeFileSync(en, readFileSync(en, 'utf8').replace(/^title: .*$/m, 'title: "We moved (Git)"'))
  rmSync(join(from, 'projects/kawasaki-bridge.ja.md'))
  const T = Date.UTC(2026, 3, 1, 3)
  const result = await importContent(dir, from, store.editor, T)
  t.same(result.changed, ['news/2026-04-new-office', 'projects/kawasaki-bridge'])
  const [moved] = await store.editor.revisions('news/2026-04-new-office')
  t.match(moved, { key: 'news/2026-04-new-office', at: T, accountId: null, action: 'import', hash: readItem(dir, 'news', '2026-04-new-office')!.hash })
  t.equal((moved!.item!.versions!.en!.fields as { title: string }).title, 'We moved (Git)')
  const [gone] = await store.editor.revisions('projects/kawasaki-bridge')
  t.match(gone, { action: 'import', item: null })
  const audit = await store.staff.listAudit({ action: 'content.change' })
  t.same(audit.map((a) => [a.target, a.address, a.accountId, a.outcome]).sort(), [
    ['news/2026-04-new-office', 'cli', null, 'ok'],
    ['projects/kawasaki-bridge', 'cli', null, 'ok'],
  ])
  // A refused tree records nothing.
  writeFileSync(en, readFileSync(en, 'utf8').replace(/^title: .*$/m, 'title: ""'))
  await importContent(dir, from, store.editor, T + 1).catch(() => {})
  t.equal((await store.editor.revisions('news/2026-04-new-office')).length, 1)

  // The command line finds the database in DATA_DIR by itself.
  const out = join(emptyFolder(t), 'tree')
  t.equal(cli(dir, data, 'export', '--out', out).status, 0)
  const about = join(out, 'pages/about.ja.md')
  writeFileSync(about, readFileSync(about, 'utf8').replace(/^title: .*$/m, 'title: 会社案内'))
  const imported = cli(dir, data, 'import', out)
  t.equal(imported.status, 0, imported.stderr)
  t.match(await store.editor.revisions('pages/about'), [{ action: 'import', accountId: null }])
  t.match(await store.staff.listAudit({ action: 'content.change' }), [{ target: 'pages/about', address: 'cli' }])
})
