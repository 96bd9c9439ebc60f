// Visitor and writer text is hostile until shown inert: an article whose title and body were written by hand
// (a file edit, so nothing the editor's own rules refused) with HTML, a script, a spreadsheet formula, bidi
// and C0 control characters. The list, the item page, the conflict view and the revisions' comparison all
// answer (no 500) and never carry the markup as markup, in the page or in its shipped state.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import type { Test } from 'tap'
import { clock } from '../staff/web-helper'
import { rendered } from '../inbox/detail-helper'
import { editor, editorApp, formOf, openItem, post } from './pages-helper'

const NEWS = 'news/2026-04-new-office'
const HOSTILE = `<img src=x onerror=alert(1)><script>alert(1)</script>=HYPERLINK("http://evil.example","x")\u202E\u0007\u001b[31m`

/** No markup from the payload as markup: neither in the drawn page nor anywhere in the HTML (the shipped state included). */
function inert(t: Test, html: string, what: string, { controls = false } = {}) {
  t.notMatch(html, '<script>alert(1)</script>', `${what}: no script element`)
  t.notMatch(html, '<img src=x onerror', `${what}: no img element`)
  // A view shows a control character visibly (inertText); only an editable field holds the text as it is.
  if (!controls) t.notMatch(html, /\u0007|\u001b/, `${what}: no raw control character`)
}

t.test('the list, the item, the conflict view and the revisions with hostile text written by hand', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time)
  for (const path of [join(dir, `${NEWS}.ja.md`), join(dir, `${NEWS}.en.md`)]) writeFileSync(path, readFileSync(path, 'utf8').replace(/^title: .*$/m, `title: ${JSON.stringify(HOSTILE)}`).replace(/\n---\n/, `\n---\n\n${HOSTILE}\n`))
  t.ok((await app.reloadContent('hand edit')).ok, 'the site takes the hand edit')

  const list = await app.inject({ url: '/admin/content', headers: ed.headers })
  t.equal(list.statusCode, 200)
  inert(t, list.body, 'the list')
  t.match(rendered(list), '=HYPERLINK', 'the title is shown, as text')

  const page = await openItem(app, ed, 'news', '2026-04-new-office')
  t.equal(page.statusCode, 200)
  inert(t, page.body, 'the item page', { controls: true })
  const { form, base } = formOf(page)
  // Saved as it stands, the hand-written control and bidi characters are refused with the catalogue's words, not written.
  const refused = await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, confirmed: '1' })
  t.equal(refused.statusCode, 422, 'control characters in a title: a field error')
  inert(t, refused.body, 'the refused save', { controls: true })
  const clean = (form: Record<string, string>) => Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.replace(/[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/g, '')]))

  // A first save (revision 1), then another over the same base: the conflict shows the hostile title inert.
  t.equal((await post(app, ed, `/admin/content/${NEWS}`, { ...clean(form), base, 'ja.title': '一回目', confirmed: '1' })).statusCode, 303)
  // Meanwhile someone edits the English file by hand again: "theirs" in the conflict is the hostile text.
  const en = join(dir, `${NEWS}.en.md`)
  writeFileSync(en, readFileSync(en, 'utf8').replace(/^title: .*$/m, `title: ${JSON.stringify(HOSTILE)}`))
  const conflict = await post(app, ed, `/admin/content/${NEWS}`, { ...clean(form), base, 'ja.title': '二回目', confirmed: '1' })
  t.equal(conflict.statusCode, 409)
  inert(t, conflict.body, 'the conflict view')
  t.match(rendered(conflict), /data-differs="en\.title"[\s\S]*?=HYPERLINK/, "theirs, the hand-written title, is shown as text")

  // A second revision that changes the hostile title: the comparison marks words of it, inert.
  const again = formOf(await openItem(app, ed, 'news', '2026-04-new-office'))
  t.equal((await post(app, ed, `/admin/content/${NEWS}`, { ...clean(again.form), base: again.base, 'en.title': 'Plain title', confirmed: '1' })).statusCode, 303)
  const revisions = await app.inject({ url: `/admin/content/${NEWS}/revisions`, headers: ed.headers })
  t.equal(revisions.statusCode, 200)
  t.match(rendered(revisions), /data-field="en\.title"/, 'the changed title is compared')
  inert(t, revisions.body, 'the revisions')
})
