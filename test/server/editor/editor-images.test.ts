// The editor's images, on the server (app.inject, a copy of the fixture content): a cover without its
// description and a body image without its description are refused field by field with localised words,
// the same the browser's check gives (the catalogue's "required" for the cover's description, the staff
// catalogue's words for the body); described, they save. The Markdown image the picker writes.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { validateFields } from '../../../shared/validation/form'
import { checkEditorForm } from '../../../shared/admin/content-item/form-check'
import { imageAlts, insertBlock, markdownImage } from '../../../shared/admin/content-item/markdown-tools'
import { clock } from '../staff/web-helper'
import { editor, editorApp, formOf, openItem, pageState, post } from './pages-helper'
import { staffWords } from '../../../server/editor/service-save'

const NEWS = 'news/2026-04-new-office'
const file = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8')

t.test('a cover without its description: 422 on that language\'s field with the catalogue\'s words, as the browser says', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  for (const [locale, words] of [['ja', '入力してください'], ['en', 'Please enter a value.']] as const) {
    const ed = await editor(app, time, locale)
    const before = file(dir, `${NEWS}.en.md`)
    const { form, base } = formOf(await openItem(app, ed, 'news', '2026-04-new-office'))
    const typed = { ...form, 'ja.cover': 'images/cover.svg', 'ja.coverAlt': '写真', 'en.cover': 'images/cover.svg', 'en.coverAlt': '  ' }
    const res = await post(app, ed, `/admin/content/${NEWS}`, { ...typed, base, confirmed: '1' })
    t.equal(res.statusCode, 422, locale)
    const errors = pageState(res).data.errors
    t.same(Object.keys(errors), ['en.coverAlt'], 'only the English description')
    t.match(errors['en.coverAlt'], words, `${locale}: the catalogue's words`)
    t.same(errors, checkEditorForm('news', '2026-04-new-office', typed, locale, validateFields, undefined, staffWords(locale, 'staff.content.images.bodyAlt')), 'the browser says the same')
    t.equal(file(dir, `${NEWS}.en.md`), before, 'nothing written')
  }
  const ed = await editor(app, time)
  const { form, base } = formOf(await openItem(app, ed, 'news', '2026-04-new-office'))
  const ok = await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, confirmed: '1', 'ja.cover': 'images/cover.svg', 'ja.coverAlt': '新本社の外観', 'en.cover': 'images/cover.svg', 'en.coverAlt': 'The new office' })
  t.equal(ok.statusCode, 303, 'described in both: saved')
  t.match(file(dir, `${NEWS}.en.md`), /cover: "?images\/cover\.svg"?\ncoverAlt: "?The new office"?/)
})

t.test('a body image without its description: 422 on that body with the staff member\'s words; described, saved', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time)
  const en = await editor(app, time, 'en')
  const { form, base } = formOf(await openItem(app, ed, 'news', '2026-04-new-office'))
  const before = file(dir, `${NEWS}.ja.md`)
  for (const [body, what] of [['本文\n\n![](images/cover.svg)\n', 'empty'], ['![  ](images/cover.svg)', 'blank'], ['![写真](images/cover.svg) と ![](images/hero.svg)', 'the second of two']] as const) {
    const res = await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, confirmed: '1', 'ja.body': body })
    t.equal(res.statusCode, 422, what)
    t.same(pageState(res).data.errors, { 'ja.body': staffWords('ja', 'staff.content.images.bodyAlt') }, `${what}: the body's field, in Japanese`)
  }
  const english = await post(app, en, `/admin/content/${NEWS}`, { ...form, base, confirmed: '1', 'en.body': 'Text ![](images/cover.svg)' })
  t.equal(english.statusCode, 422)
  t.match(pageState(english).data.errors['en.body'], /no description/, 'in English for an English-speaking editor')
  t.equal(file(dir, `${NEWS}.ja.md`), before, 'nothing written')

  const body = `本文\n\n${markdownImage('足場の [仮設] 写真', 'images/cover.svg')}\n`
  const ok = await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, confirmed: '1', 'ja.body': body })
  t.equal(ok.statusCode, 303, 'described: saved')
  t.match(file(dir, `${NEWS}.ja.md`), '![足場の \\[仮設\\] 写真](images/cover.svg)')
  const page = await app.inject('/news/2026-04-new-office')
  t.match(page.body, /<img[^>]+alt="足場の \[仮設\] 写真"/, 'served with its description')
})

t.test('the Markdown image: one line, brackets escaped; its description read back', async (t) => {
  t.equal(markdownImage(' a\nb ] [c\\ ', 'images/uploads/2026/x-1.jpg'), '![a b \\] \\[c\\\\](images/uploads/2026/x-1.jpg)')
  t.same(imageAlts('![a \\] b](x) ![](y) ![ ](z) [not](w)'), ['a ] b', '', ' '])
})

t.test('an image put in at the cursor: a paragraph of its own, one blank line either side, never more', async (t) => {
  const img = '![a](p.jpg)'
  t.same(insertBlock('one\n\ntwo', 3, img), { text: `one\n\n${img}\n\ntwo`, start: 5 + img.length, end: 5 + img.length }, 'at the end of a paragraph')
  t.equal(insertBlock('one\n\ntwo', 5, img).text, `one\n\n${img}\n\ntwo`, 'at the start of one')
  t.equal(insertBlock('one two', 3, img).text, `one\n\n${img}\n\n two`, 'within a line')
  t.equal(insertBlock('', 0, img).text, `${img}\n`, 'an empty body')
  t.equal(insertBlock('one', 3, img).text, `one\n\n${img}\n`, 'at the end')
})
