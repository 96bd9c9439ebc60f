// listItems: every item of the content folder with its title and publication state per
// language at an injected instant: draft, scheduled (a news date with a time to come, Japan time),
// published, missing.
import t from 'tap'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { listItems } from '../../../server/editor/files-list'
import { contentCopy } from './files-helper'

const at = (iso: string) => Date.parse(iso)

t.test('every item, its titles and its state per language at the instant given', async (t) => {
  const dir = contentCopy(t)
  const ja = join(dir, 'news/2026-04-new-office.ja.md')
  writeFileSync(ja, readFileSync(ja, 'utf8').replace('date: "2026-04-01"', 'date: "2026-04-01 10:00"'))
  const en = join(dir, 'projects/minato-office-tower.en.md')
  writeFileSync(en, readFileSync(en, 'utf8').replace(/^---\n/, '---\ndraft: true\n'))
  const broken = join(dir, 'news/2025-12-article-02.en.md')
  writeFileSync(broken, '---\ntitle: [unclosed\n---\n')

  const before = listItems(dir, at('2026-04-01T00:59:00Z')) // 09:59 in Japan
  const keys = before.map((i) => i.key)
  t.equal(keys.filter((k) => k.startsWith('news/')).length, 13)
  t.equal(keys.filter((k) => k.startsWith('projects/')).length, 3)
  t.same(keys.filter((k) => k.startsWith('site/')), ['site/profile', 'site/menus'])
  t.ok(keys.includes('pages/about'))
  t.equal(keys[0], 'news/2026-04-new-office', 'news newest first')
  const office = before.find((i) => i.key === 'news/2026-04-new-office')!
  t.same(office.states, { ja: 'scheduled', en: 'published' })
  t.same(office.titles, { ja: '本社を移転しました', en: 'We have moved our head office' })
  t.equal(office.date, '2026-04-01 10:00')
  t.same(listItems(dir, at('2026-04-01T01:00:00Z')).find((i) => i.key === 'news/2026-04-new-office')!.states, { ja: 'published', en: 'published' })
  t.same(before.find((i) => i.key === 'news/2026-01-new-year')!.states, { ja: 'published', en: 'missing' })
  t.same(before.find((i) => i.key === 'projects/minato-office-tower')!.states, { ja: 'published', en: 'draft' })
  t.same(before.find((i) => i.key === 'news/2025-12-article-02')!.unreadable, ['en'])
  t.same(before.find((i) => i.key === 'site/profile')!.titles, { ja: '蒼栄建設株式会社', en: 'Soei Construction Co., Ltd.' })
})
