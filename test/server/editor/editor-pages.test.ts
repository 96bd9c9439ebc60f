import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { clock } from '../staff/web-helper'
import { rendered } from '../inbox/detail-helper'
import { LOCAL } from '../staff/web-helper'
import { editor, editorApp, formOf, openItem, pageState, post } from './pages-helper'

const NEWS = 'news/2026-04-new-office'
const file = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8')

t.test('the list: every item by kind with its languages; responders may not open it', async (t) => {
  const time = clock()
  const { app } = await editorApp(t, time)
  const ed = await editor(app, time)
  const res = await app.inject({ url: '/admin/content', headers: ed.headers })
  t.equal(res.statusCode, 200)
  const html = rendered(res)
  t.match(html, 'data-item="news/2026-04-new-office"')
  t.match(html, 'data-item="projects/kawasaki-bridge"')
  t.match(html, 'data-item="site/profile"')
  t.match(html, 'data-state="en:missing"', 'kawasaki-bridge has no English')
  t.match(html, 'href="/admin/content/new/news"')
  const responder = await (await import('../inbox/detail-helper')).staffMember(app, time, 'responder')
  t.equal((await app.inject({ url: '/admin/content', headers: responder.headers })).statusCode, 403)
})

t.test('a missing language shows as missing with "write it"; ?write=en opens it', async (t) => {
  const time = clock()
  const { app } = await editorApp(t, time)
  const ed = await editor(app, time)
  const res = await openItem(app, ed, 'news', '2026-01-new-year')
  t.equal(res.statusCode, 200)
  t.match(rendered(res), 'href="/admin/content/news/2026-01-new-year?write=en"')
  t.notMatch(rendered(res), 'name="en.title"')
  const write = await openItem(app, ed, 'news', '2026-01-new-year', '?write=en')
  t.match(rendered(write), 'name="en.title"')
  t.equal((await openItem(app, ed, 'news', 'no-such-item')).statusCode, 404)
  t.equal((await openItem(app, ed, 'nothing', 'x')).statusCode, 404)
})

t.test('a save: field errors 422 with what was typed, the confirmation step, then written, served, recorded', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time, 'en')
  const before = file(dir, `${NEWS}.ja.md`)
  const { form, base } = formOf(await openItem(app, ed, 'news', '2026-04-new-office'))
  const bad = await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, 'ja.title': '', 'en.date': '2026-02-30', 'ja.excerpt': '<img src=x onerror=alert(1)>' })
  t.equal(bad.statusCode, 422)
  const state = pageState(bad)
  t.same(Object.keys(state.data.errors), ['ja.title', 'en.date'])
  t.equal(state.data.errors['ja.title'], 'Please enter a value.', "the staff member's language")
  t.equal(state.data.form['ja.excerpt'], '<img src=x onerror=alert(1)>', 'what was typed')
  t.notMatch(rendered(bad), '<img src=x', 'shown inert')
  t.equal(file(dir, `${NEWS}.ja.md`), before, 'nothing written')

  const ask = await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, 'ja.title': '新本社に移転しました' })
  t.equal(ask.statusCode, 200)
  t.same(pageState(ask).data.confirm, { action: 'save' })
  t.match(rendered(ask), 'name="confirmed" value="1"')
  t.equal(file(dir, `${NEWS}.ja.md`), before, 'not before the confirmation')

  const saved = await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, 'ja.title': '新本社に移転しました', confirmed: '1' })
  t.equal(saved.statusCode, 303)
  t.equal(saved.headers.location, `/admin/content/${NEWS}?notice=saved`)
  t.match(file(dir, `${NEWS}.ja.md`), /^title: "?新本社に移転しました"?$/m)
  const served = await app.inject({ url: '/news/2026-04-new-office', headers: LOCAL })
  t.match(served.body, '新本社に移転しました', 'the site serves the change at once')
  const revisions = await app.editorStore.revisions(NEWS)
  t.equal(revisions[0]?.action, 'save')
  t.equal(revisions[0]?.accountId, ed.who.account.id)
  const audit = await app.staffStore.listAudit({ action: 'content.change' })
  t.same(audit.map((a) => [a.target, a.accountId, a.outcome]), [[NEWS, ed.who.account.id, 'ok']], 'one audit entry, none for the refused tries')
})

t.test("the content folder's problems in words: 422, nothing written", async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time)
  const before = file(dir, `${NEWS}.en.md`)
  const { form, base } = formOf(await openItem(app, ed, 'news', '2026-04-new-office'))
  const res = await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, 'en.cover': 'images/not-there.svg', confirmed: '1' })
  t.equal(res.statusCode, 422)
  t.match(pageState(res).data.problems.join('\n'), /not-there\.svg/)
  t.match(rendered(res), 'data-problems')
  // On the Japanese page: what happened, that nothing was saved and what to do, in Japanese.
  t.match(rendered(res), /data-problems-explained="">保存していません。/)
  t.match(rendered(res), /data-problem-kind="imageMissing"><code>news\/2026-04-new-office.en.md<\/code> <code>images\/not-there.svg<\/code> (<!-- -->)?画像ファイルがありません。/, 'a common kind in Japanese, the check\'s line beside it')
  t.equal(file(dir, `${NEWS}.en.md`), before)
  const none = await post(app, ed, `/admin/content/${NEWS}`, { base, confirmed: '1' })
  t.equal(none.statusCode, 422, 'a save without any language is no deletion')
  t.match(pageState(none).data.problems[0], '少なくとも1つの言語')
  t.equal(file(dir, `${NEWS}.en.md`), before)
})

t.test('someone saved meanwhile: 409 with both versions; keep mine saves over theirs', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time)
  const { form, base } = formOf(await openItem(app, ed, 'news', '2026-04-new-office'))
  writeFileSync(join(dir, `${NEWS}.en.md`), file(dir, `${NEWS}.en.md`).replace('We have moved our head office', 'Their title'))
  const res = await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, 'en.title': 'My title', confirmed: '1' })
  t.equal(res.statusCode, 409)
  const data = pageState(res).data
  t.equal(data.conflict.theirs['en.title'], 'Their title')
  t.equal(data.form['en.title'], 'My title')
  t.match(rendered(res), 'data-differs="en.title"><th scope="row">タイトル (英語)', 'the field in words')
  t.match(file(dir, `${NEWS}.en.md`), 'Their title', 'theirs untouched')
  t.match(rendered(res), /<button[^>]*value="mine"[^>]*name="keep"/)
  // "Keep mine" is a save like the others: the confirmation step first (without JavaScript), nothing written.
  const ask = await post(app, ed, `/admin/content/${NEWS}`, { ...data.form, base: data.conflict.hash, keep: 'mine' })
  t.equal(ask.statusCode, 200)
  t.same(pageState(ask).data.confirm, { action: 'save' })
  t.equal(pageState(ask).data.base, data.conflict.hash, 'the step keeps the hash of theirs')
  t.match(rendered(ask), 'name="confirmed" value="1"')
  t.match(file(dir, `${NEWS}.en.md`), 'Their title', 'not before the confirmation')
  const keep = await post(app, ed, `/admin/content/${NEWS}`, { ...pageState(ask).data.form, base: pageState(ask).data.base, keep: 'mine', confirmed: '1' })
  t.equal(keep.statusCode, 303)
  t.match(file(dir, `${NEWS}.en.md`), 'My title')
})
