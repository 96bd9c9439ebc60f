import t from 'tap'
import type { EditableItem } from '../../../shared/admin/editor-model/items'
import { marksForSave, outOfDate, sourceHash } from '../../../server/editor/translation-marks'
import { applyPublish, publicationState, scheduleDate } from '../../../server/editor/publish-state'

const news = (ja: Record<string, unknown>, en: Record<string, unknown> | null, jaBody = '本文', enBody = 'Body'): EditableItem => ({
  kind: 'news',
  slug: '2026-01-x',
  versions: { ja: { fields: { date: '2026-01-05', category: 'notice', ...ja }, body: jaBody }, ...(en ? { en: { fields: { date: '2026-01-05', category: 'notice', ...en }, body: enBody } } : {}) },
})
const NOW = Date.UTC(2026, 10, 26)

t.test('a Japanese change after the English was saved marks the English out of date until saved or ticked', async (t) => {
  const v1 = news({ title: '題', excerpt: '抜粋' }, { title: 'Title', excerpt: 'Excerpt' })
  // First save through the editor: both written, every English value follows the Japanese of now.
  let marks = marksForSave(null, v1, [], new Set(), NOW)
  t.same(marks.map((m) => m.field).sort(), ['body', 'excerpt', 'title'])
  t.ok(marks.every((m) => m.locale === 'en' && m.key === 'news/2026-01-x'))
  t.same(outOfDate(v1, marks), {}, 'nothing out of date')
  // The Japanese title changes, English untouched.
  const v2 = news({ title: '新しい題', excerpt: '抜粋' }, { title: 'Title', excerpt: 'Excerpt' })
  const kept = marksForSave(v1, v2, marks, new Set(), NOW)
  t.same(kept, [], 'an English value neither changed nor ticked keeps its mark')
  t.same(outOfDate(v2, marks), { en: ['title'] })
  // Ticked "still right": follows the Japanese title as it is now.
  marks = [...marks.filter((m) => m.field !== 'title'), ...marksForSave(v2, v2, marks, new Set(['en.title']), NOW)]
  t.same(outOfDate(v2, marks), {})
  // The Japanese body changes, then the English body is rewritten: up to date again.
  const v3 = news({ title: '新しい題', excerpt: '抜粋' }, { title: 'Title', excerpt: 'Excerpt' }, '新しい本文')
  t.same(outOfDate(v3, marks), { en: ['body'] })
  const v4 = news({ title: '新しい題', excerpt: '抜粋' }, { title: 'Title', excerpt: 'Excerpt' }, '新しい本文', 'New body')
  const saved = marksForSave(v3, v4, marks, new Set(), NOW)
  t.same(saved.map((m) => [m.field, m.sourceHash]), [['body', sourceHash('新しい本文')]])
})

t.test('an item never saved here: a Japanese change in the first save leaves the English out of date', async (t) => {
  const before = news({ title: '題' }, { title: 'Title' })
  const after = news({ title: '別の題' }, { title: 'Title' })
  const marks = marksForSave(before, after, [], new Set(), NOW)
  t.same(outOfDate(after, marks), { en: ['title'] })
})

t.test('publication state: missing, draft, scheduled (Japan time), published; pages always published', async (t) => {
  t.equal(publicationState('news', undefined, NOW), 'missing')
  t.equal(publicationState('news', { fields: { draft: true, date: '2020-01-01' }, body: '' }, NOW), 'draft')
  // 2026-11-26 09:00 Japan is 00:00 UTC: NOW exactly.
  t.equal(publicationState('news', { fields: { date: '2026-11-26 09:01' }, body: '' }, NOW), 'scheduled')
  t.equal(publicationState('news', { fields: { date: '2026-11-26 09:00' }, body: '' }, NOW), 'published')
  t.equal(publicationState('projects', { fields: { completed: '2030-01-01' }, body: '' }, NOW), 'published')
  t.equal(publicationState('pages', { fields: { draft: true }, body: '' }, NOW), 'published')
})

t.test('publish requests: draft, now (a date ahead becomes today in Japan), schedule, refusals', async (t) => {
  const item = news({ title: '題', date: '2027-01-01', draft: true }, { title: 'T' })
  const now = applyPublish(item, { locale: 'ja', action: 'publish' }, NOW)
  t.ok('item' in now && now.action === 'publish')
  if ('item' in now) t.same(now.item.versions!.ja!.fields, { title: '題', date: '2026-11-26', category: 'notice' }, 'no draft key, dated today')
  if ('item' in now) t.same(now.item.versions!.en, item.versions!.en, 'the other language untouched')
  const drafted = applyPublish(item, { locale: 'en', action: 'draft' }, NOW)
  t.ok('item' in drafted && drafted.action === 'unpublish' && drafted.item.versions!.en!.fields.draft === true)
  const scheduled = applyPublish(item, { locale: 'ja', action: 'schedule', at: '2026-12-01T10:30' }, NOW)
  t.ok('item' in scheduled && scheduled.item.versions!.ja!.fields.date === '2026-12-01 10:30' && scheduled.action === 'schedule')
  t.same(applyPublish(item, { locale: 'ja', action: 'schedule', at: '2026-11-26T08:00' }, NOW), { refused: 'past' })
  t.same(applyPublish(item, { locale: 'ja', action: 'schedule', at: '2026-02-30T08:00' }, NOW), { refused: 'at' })
  t.same(applyPublish({ kind: 'projects', slug: 'p', versions: { ja: { fields: {}, body: '' } } }, { locale: 'ja', action: 'schedule', at: '2027-01-01T00:00' }, NOW), { refused: 'kind' })
  t.same(applyPublish({ kind: 'pages', slug: 'p', versions: {} }, { locale: 'ja', action: 'publish' }, NOW), { refused: 'kind' })
  t.same(applyPublish(news({}, null), { locale: 'en', action: 'publish' }, NOW), { refused: 'missing' })
  t.equal(scheduleDate('2026-12-01T24:00'), null)
})
