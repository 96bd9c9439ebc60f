// The editor's files module: items read from and written to a copy of the content folder as a
// person writes them, whole, under the marker; a stale hash is a conflict; the candidate tree is checked
// as content:check does without touching the folder.
import t from 'tap'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { EditableItem } from '../../../shared/admin/editor-model/items'
import { localisedFile } from '../../../server/content/file-names'
import { loadContent } from '../../../server/content/load'
import { ABSENT_HASH, readItem, writeItem } from '../../../server/editor/files'
import { checkCandidate } from '../../../server/editor/files-check'
import { readMarker } from '../../../server/content/marker'
import { ContentConflict, ContentRefused } from '../../../server/editor/types'
import { contentCopy, throwsA, treeHashes } from './files-helper'

const ARTICLE = 'news/2026-04-new-office'

t.test('every file of content/ saved unchanged is written back byte for byte', async (t) => {
  const dir = contentCopy(t, 'content')
  const before = treeHashes(dir)
  let items = 0
  for (const kind of ['news', 'projects', 'pages'] as const) {
    for (const slug of new Set(readdirSync(join(dir, kind)).map((name) => localisedFile(name)!.name))) {
      const read = readItem(dir, kind, slug)!
      const hash = writeItem(dir, `${kind}/${slug}`, read.hash, read.item)
      t.equal(hash, read.hash, `${kind}/${slug}: same hash`)
      items++
    }
  }
  for (const part of ['profile', 'menus'] as const) {
    const read = readItem(dir, 'site', part)!
    writeItem(dir, `site/${part}`, read.hash, read.item)
  }
  const after = treeHashes(dir)
  delete after['.content-revision']
  t.same(after, before, 'no byte of any file changed')
  t.ok(items > 25, `${items} items`)
})

t.test('an article written anew is the file a person writes (content/ as the model)', async (t) => {
  const dir = contentCopy(t)
  const model = readFileSync('content/news/2025-02-bim-all-projects.ja.md', 'utf8')
  const read = readItem('content', 'news', '2025-02-bim-all-projects')!
  // Fields given in another order, the body with the \r\n a browser's form sends: written in the schema's order, \n.
  const ja = read.item.versions!.ja!
  const fields = Object.fromEntries(Object.entries(ja.fields).reverse())
  const item: EditableItem = { kind: 'news', slug: '2026-05-bim', versions: { ja: { fields, body: ja.body.replace(/\n/g, '\r\n') } } }
  t.equal(readItem(dir, 'news', '2026-05-bim'), null)
  const hash = writeItem(dir, 'news/2026-05-bim', null, item)
  t.equal(readFileSync(join(dir, 'news/2026-05-bim.ja.md'), 'utf8'), model)
  t.notOk(existsSync(join(dir, 'news/2026-05-bim.en.md')))
  t.equal(readItem(dir, 'news', '2026-05-bim')!.hash, hash)
  // A second "new" save of the same slug is a conflict: someone created it meanwhile.
  throwsA(t, () => writeItem(dir, 'news/2026-05-bim', null, item), ContentConflict)
  throwsA(t, () => writeItem(dir, 'news/2026-05-bim', ABSENT_HASH, item), ContentConflict)
})

t.test('a changed field changes its line only; a language removed loses its file; the marker goes up by two', async (t) => {
  const dir = contentCopy(t)
  const jaBefore = readFileSync(join(dir, `${ARTICLE}.ja.md`), 'utf8')
  const read = readItem(dir, 'news', '2026-04-new-office')!
  const marker = readMarker(dir)
  const next: EditableItem = { ...read.item, versions: { ja: { ...read.item.versions!.ja!, fields: { ...read.item.versions!.ja!.fields, title: '本社を移転しました（続報）' } } } }
  const hash = writeItem(dir, ARTICLE, read.hash, next)
  t.not(hash, read.hash)
  t.equal(readFileSync(join(dir, `${ARTICLE}.ja.md`), 'utf8'), jaBefore.replace('title: 本社を移転しました\n', 'title: 本社を移転しました（続報）\n'))
  t.notOk(existsSync(join(dir, `${ARTICLE}.en.md`)), 'the English file is removed')
  const after = readMarker(dir)!
  t.equal(after.counter, (marker?.counter ?? 0) + 2)
  t.equal(after.counter % 2, 0, 'even: no writer in the middle')
  t.same(readdirSync(join(dir, 'news')).filter((n) => n.endsWith('.tmp')), [], 'no temporary file left')
})

t.test('a save based on a stale hash is a conflict carrying the item as it is now; nothing is written', async (t) => {
  const dir = contentCopy(t)
  const opened = readItem(dir, 'news', '2026-04-new-office')!
  const theirs = structuredClone(opened.item)
  theirs.versions!.en!.fields.title = 'Theirs'
  writeItem(dir, ARTICLE, opened.hash, theirs)
  const before = treeHashes(dir)
  const mine = structuredClone(opened.item)
  mine.versions!.en!.fields.title = 'Mine'
  const err = throwsA(t, () => writeItem(dir, ARTICLE, opened.hash, mine), ContentConflict)
  t.equal((err.current!.versions!.en!.fields as { title: string }).title, 'Theirs')
  t.equal(err.hash, readItem(dir, 'news', '2026-04-new-office')!.hash)
  t.same(treeHashes(dir), before)
})

t.test('values that YAML would read otherwise are written so that they read back the same and load', async (t) => {
  const dir = contentCopy(t)
  const read = readItem(dir, 'news', '2026-04-new-office')!
  const hostile = ['a: b # c', 'true', '123', '- item', '{x}', '@at', ' spaced ', 'line "quote"', "it's", '\\back\\slash', '#hash', '&anchor *alias', '<script>alert(1)</script>', '名前: 値', '\u2028sep']
  for (const title of hostile) {
    const current = readItem(dir, 'news', '2026-04-new-office')!
    const next = structuredClone(read.item)
    next.versions!.en!.fields.title = title
    next.versions!.en!.body = `Body ${title}\n`
    writeItem(dir, ARTICLE, current.hash, next)
    const back = readItem(dir, 'news', '2026-04-new-office')!.item.versions!.en!
    t.equal(back.fields.title, title, `value ${hostile.indexOf(title)} reads back`)
    t.equal(back.body, `Body ${title}\n`)
  }
  await loadContent(dir)
})

t.test('keys outside the content folder are refused; readItem answers null', async (t) => {
  const dir = contentCopy(t)
  t.equal(readItem(dir, 'news', '../site'), null)
  t.equal(readItem(dir, 'pages', 'About'), null)
  t.equal(readItem(dir, 'site', 'other'), null)
  const item: EditableItem = { kind: 'news', slug: '../../x', versions: { ja: { fields: {}, body: '' } } }
  throwsA(t, () => writeItem(dir, 'news/../../x', null, item), ContentRefused)
  throwsA(t, () => writeItem(dir, 'site/profile', readItem(dir, 'site', 'profile')!.hash, null), ContentRefused)
})

t.test('site.yml: an edited part keeps every comment, blank line and untouched key as written', async (t) => {
  const dir = contentCopy(t, 'content')
  const before = readFileSync(join(dir, 'site.yml'), 'utf8')
  const profile = readItem(dir, 'site', 'profile')!
  const data = { ...profile.item.data!, phone: '03-5555-9999', employees: 381, social: { ...(profile.item.data!.social as object), x: 'soei_new' } }
  writeItem(dir, 'site/profile', profile.hash, { ...profile.item, data })
  const edited = readFileSync(join(dir, 'site.yml'), 'utf8')
  t.equal(edited, before.replace('phone: "03-5555-0123"', 'phone: "03-5555-9999"').replace('employees: 380', 'employees: 381').replace('x: soei_kensetsu', 'x: soei_new'))
  const menus = readItem(dir, 'site', 'menus')!
  const footer = (menus.item.data!.menus as { footer: string[] }).footer
  writeItem(dir, 'site/menus', menus.hash, { ...menus.item, data: { menus: { header: ['/about', '/news'], footer } } })
  const text = readFileSync(join(dir, 'site.yml'), 'utf8')
  for (const comment of before.split('\n').filter((l) => l.startsWith('#'))) t.ok(text.includes(`${comment}\n`), `kept: ${comment.slice(0, 40)}`)
  t.match(text, /menus:\n {2}header:\n {4}- \/about\n {4}- \/news\n {2}footer:\n/)
  t.equal(text.split('\n').length, edited.split('\n').length - 5)
  await loadContent(dir)
  // A list written on one line stays on one line, in the file's own form.
  const again = readItem(dir, 'site', 'profile')!
  const licences = again.item.data!.licences as { ja: string[]; en: string[] }
  writeItem(dir, 'site/profile', again.hash, { ...again.item, data: { ...again.item.data!, licences: { ...licences, ja: [...licences.ja, '宅地建物取引業 東京都知事(1)第00000号'] } } })
  const listed = readFileSync(join(dir, 'site.yml'), 'utf8')
  t.equal(listed, text.replace(/\n {2}ja: \[(.*)\]\n/, (_, items: string) => `\n  ja: [${items}, "宅地建物取引業 東京都知事(1)第00000号"]\n`))
  // The menus' hash from before their save is stale now: a conflict.
  throwsA(t, () => writeItem(dir, 'site/menus', menus.hash, menus.item), ContentConflict)
})

t.test('checkCandidate loads the tree with the change as content:check does, never touching the folder', async (t) => {
  const dir = contentCopy(t)
  const before = treeHashes(dir)
  const read = readItem(dir, 'news', '2026-04-new-office')!
  const good = structuredClone(read.item)
  good.versions!.en!.fields.title = 'We moved (updated)'
  const ok = await checkCandidate(dir, { key: ARTICLE, next: good })
  t.same(ok.problems, [])
  t.equal(ok.loaded!.content.getNews('2026-04-new-office', 'en')!.title, 'We moved (updated)')
  // The images are named in the content folder itself, not in the temporary one that is gone.
  for (const source of ok.loaded!.images.byHash.values()) t.ok(source.path.startsWith(dir) && existsSync(source.path), source.path)

  const bad = structuredClone(read.item)
  bad.versions!.ja!.fields.date = '2026-02-30'
  bad.versions!.en!.fields.cover = 'images/none.svg'
  const refused = await checkCandidate(dir, { key: ARTICLE, next: bad })
  t.same(refused.loaded, null)
  t.match(refused.problems.join('\n'), /news\/2026-04-new-office\.ja\.md: date: must be a real date/)
  t.match(refused.problems.join('\n'), /news\/2026-04-new-office\.en\.md: image images\/none\.svg does not exist/)

  // Removing a built-in page breaks the site; a new page is checked with the others (its path must be free).
  const gone = await checkCandidate(dir, { key: 'pages/about', next: null })
  t.match(gone.problems.join('\n'), /pages\/about\.ja\.md: file is missing/)
  const page: EditableItem = { kind: 'pages', slug: 'history', versions: { ja: { fields: { title: '沿革', description: '沿革です。', path: '/news' }, body: '本文\n' } } }
  t.match((await checkCandidate(dir, { key: 'pages/history', next: page })).problems.join('\n'), /pages\/history\.ja\.md/)
  const profile = readItem(dir, 'site', 'profile')!
  const broken = await checkCandidate(dir, { key: 'site/profile', next: { ...profile.item, data: { ...profile.item.data!, postalCode: 'x' } } })
  t.match(broken.problems.join('\n'), /site\.yml: postalCode: must be a postal code/)
  t.same(treeHashes(dir), before, 'the content folder is as it was')
})
