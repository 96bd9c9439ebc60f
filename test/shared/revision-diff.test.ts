import t from 'tap'
import { compareItems, itemFields, tokens, wordDiff, type DiffPart } from '../../shared/admin/content-revisions/diff'
import type { EditableItem } from '../../shared/admin/editor-model/items'

const older = (parts: DiffPart[]) => parts.filter((p) => p.op !== 'add').map((p) => p.text).join('')
const newer = (parts: DiffPart[]) => parts.filter((p) => p.op !== 'del').map((p) => p.text).join('')

t.test('words: Latin runs, spaces, and each Japanese character', async (t) => {
  t.same(tokens('Hello, world'), ['Hello', ',', ' ', 'world'])
  t.same(tokens('BIM導入を開始'), ['BIM', '導', '入', 'を', '開', '始'])
  t.same(tokens("ZEB-ready isn't 2026"), ['ZEB-ready', ' ', "isn't", ' ', '2026'])
  t.same(tokens('一\n\n  二\r\n'), ['一', '\n', '\n', '  ', '二', '\r\n'], 'each line break a word of its own')
  t.same(wordDiff('一\n二', '一\n\n二'), [{ op: 'same', text: '一\n' }, { op: 'add', text: '\n' }, { op: 'same', text: '二' }], 'a blank line added: one break added')
})

t.test('the changed words are marked, the rest is the same', async (t) => {
  t.same(wordDiff('The new head office opens in April.', 'The new head office opened in May.'), [
    { op: 'same', text: 'The new head office ' },
    { op: 'del', text: 'opens' },
    { op: 'add', text: 'opened' },
    { op: 'same', text: ' in ' },
    { op: 'del', text: 'April' },
    { op: 'add', text: 'May' },
    { op: 'same', text: '.' },
  ])
  t.same(wordDiff('新本社を四月に開設', '新本社を五月に開設'), [
    { op: 'same', text: '新本社を' },
    { op: 'del', text: '四' },
    { op: 'add', text: '五' },
    { op: 'same', text: '月に開設' },
  ])
  t.same(wordDiff('same', 'same'), [{ op: 'same', text: 'same' }])
  t.same(wordDiff('', 'added'), [{ op: 'add', text: 'added' }])
  t.same(wordDiff('gone', ''), [{ op: 'del', text: 'gone' }])
})

t.test('any two texts: the parts give back both texts exactly', async (t) => {
  // A fixed pseudo-random walk (no Math.random: the same cases every run).
  let seed = 7
  const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n)
  const words = ['a', 'b', 'c', ' ', '工', '事', '\n', 'news', '.']
  for (let i = 0; i < 300; i++) {
    const a = Array.from({ length: rand(30) }, () => words[rand(words.length)]).join('')
    const b = Array.from({ length: rand(30) }, () => words[rand(words.length)]).join('')
    const parts = wordDiff(a, b)
    if (older(parts) !== a || newer(parts) !== b) t.fail(`case ${i}: ${JSON.stringify([a, b])}`)
  }
  // A long body rewritten from end to end: past the edit limit, shown as replaced, still exact.
  const a = Array.from({ length: 6000 }, (_, i) => `w${i}`).join(' ')
  const b = Array.from({ length: 6000 }, (_, i) => `v${i}`).join(' ')
  const parts = wordDiff(a, b)
  t.equal(older(parts), a)
  t.equal(newer(parts), b)
})

const v1: EditableItem = {
  kind: 'news',
  slug: '2026-04-new-head-office',
  versions: {
    ja: { fields: { title: '新本社を開設', date: '2026-04-01', gallery: [{ alt: '外観' }] }, body: '四月に開設します。' },
    en: { fields: { title: 'New head office', date: '2026-04-01' }, body: 'Opens in April.' },
  },
}
const v2: EditableItem = {
  kind: 'news',
  slug: '2026-04-new-head-office',
  versions: { ja: { fields: { title: '新本社を開設', date: '2026-05-01', category: 'notice' }, body: '五月に開設します。' } },
}

t.test('two revisions field by field: same, changed, added, removed (a language gone too)', async (t) => {
  t.same([...itemFields(v1).keys()], ['ja.title', 'ja.date', 'ja.gallery.0.alt', 'ja.body', 'en.title', 'en.date', 'en.body'])
  const changes = compareItems(v1, v2)
  t.same(
    changes.map((c) => [c.field, c.status]),
    [
      ['ja.title', 'same'],
      ['ja.date', 'changed'],
      ['ja.category', 'added'],
      ['ja.body', 'changed'],
      ['ja.gallery.0.alt', 'removed'],
      ['en.title', 'removed'],
      ['en.date', 'removed'],
      ['en.body', 'removed'],
    ],
  )
  // A date is one word: shown replaced whole.
  t.same(changes.find((c) => c.field === 'ja.date')!.parts, [
    { op: 'del', text: '2026-04-01' },
    { op: 'add', text: '2026-05-01' },
  ])
  t.same(changes.find((c) => c.field === 'ja.body')!.parts, [
    { op: 'del', text: '四' },
    { op: 'add', text: '五' },
    { op: 'same', text: '月に開設します。' },
  ])
  t.equal(newer(changes.find((c) => c.field === 'ja.date')!.parts), '2026-05-01')
  t.equal(older(changes.find((c) => c.field === 'ja.date')!.parts), '2026-04-01')
  t.same(compareItems(null, v2).map((c) => c.status), ['added', 'added', 'added', 'added'], 'from nothing (the first revision)')
  t.same(compareItems(v2, null).map((c) => c.status), ['removed', 'removed', 'removed', 'removed'], 'to nothing (deleted)')
})

t.test('a site.yml part: its paths', async (t) => {
  const a: EditableItem = { kind: 'site', slug: 'profile', data: { company: { name: { ja: '株式会社サンプル建設', en: 'Sample Construction' } }, licences: ['x'] } }
  const b: EditableItem = { kind: 'site', slug: 'profile', data: { company: { name: { ja: '株式会社サンプル建設', en: 'Sample Construction Co.' } }, licences: ['x', 'y'] } }
  t.same(
    compareItems(a, b).map((c) => [c.field, c.status]),
    [
      ['company.name.ja', 'same'],
      ['company.name.en', 'changed'],
      ['licences.0', 'same'],
      ['licences.1', 'added'],
    ],
  )
})

t.test('a flag (draft, featured) is compared as one, its text true or false for the page to say in words', async (t) => {
  const a: EditableItem = { kind: 'projects', slug: 'bridge', versions: { ja: { fields: { title: '橋', featured: true }, body: '' } } }
  const b: EditableItem = { kind: 'projects', slug: 'bridge', versions: { ja: { fields: { title: '橋', featured: false, draft: true }, body: '' } } }
  t.same(
    compareItems(a, b).map((c) => [c.field, c.status, c.flag, c.parts]),
    [
      ['ja.title', 'same', false, [{ op: 'same', text: '橋' }]],
      ['ja.featured', 'changed', true, [{ op: 'del', text: 'true' }, { op: 'add', text: 'false' }]],
      ['ja.draft', 'added', true, [{ op: 'add', text: 'true' }]],
      ['ja.body', 'same', false, []],
    ],
  )
})
