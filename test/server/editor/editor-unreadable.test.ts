// An item whose file cannot be read (front matter that is not YAML, bytes that are not UTF-8, site.yml
// broken by hand): its editor page says which file and why in the staff member's language (409), shows
// the text, and lets them fix it or remove that language after the confirmation. Through app.inject.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { rendered } from '../inbox/detail-helper'
import { clock, LOCAL } from '../staff/web-helper'
import { editor, editorApp, openItem, pageState, post } from './pages-helper'

const NEWS = 'news/2026-04-new-office'
const JA = `${NEWS}.ja.md`
const file = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8')

t.test('bad YAML in one language: 409 page naming the file, the line and why; its text; the other pages still work', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time)
  const good = file(dir, JA)
  const broken = good.replace(/^title: .*$/m, 'title: "閉じていない引用符\nfoo: [')
  writeFileSync(join(dir, JA), broken)
  const res = await openItem(app, ed, 'news', '2026-04-new-office')
  t.equal(res.statusCode, 409, 'not a 500')
  const data = pageState(res).data
  t.equal(data.unreadable.length, 1)
  t.equal(data.unreadable[0].file, JA)
  t.equal(data.unreadable[0].reason, 'yaml')
  t.type(data.unreadable[0].line, 'number')
  const html = rendered(res)
  t.match(html, '読み込めないファイルがあります', 'Japanese for a Japanese staff member')
  t.match(html, `data-unreadable="${JA}"`)
  t.match(html, /YAML として読めません（\d+ 行目、\d+ 文字目）/)
  t.match(html, '閉じていない引用符', 'the raw text is shown')
  t.notMatch(html, 'data-form="editor"', 'no editor form to save over it')
  t.match(html, 'name="rawAction" value="remove"', 'the language can be removed')

  const en = await editor(app, time, 'en')
  const english = rendered(await openItem(app, en, 'news', '2026-04-new-office'))
  t.match(english, 'A file of this item cannot be read', "in the staff member's language")
  t.match(english, /is not valid YAML \(line \d+, column \d+\)/)

  // Publishing or saving the old form does nothing and answers the same page, not a 500.
  const publish = await post(app, ed, `/admin/content/${NEWS}/publish`, { locale: 'ja', action: 'draft', confirmed: '1' })
  t.equal(publish.statusCode, 409)
  t.match(rendered(publish), `data-unreadable="${JA}"`)
  const presence = await app.inject({ method: 'POST', url: `/admin/content/${NEWS}/presence`, headers: { ...ed.headers, origin: 'https://example.test', 'x-csrf-token': ed.csrf, 'content-type': 'application/json' }, payload: '{}' })
  t.not(presence.statusCode, 500, 'the heartbeat does not fail')
  t.equal(file(dir, JA), broken, 'nothing written')
  t.equal((await app.inject({ url: '/admin/content', headers: ed.headers })).statusCode, 200, 'the list still opens')
})

t.test('fixing the text: confirmation, a text that still does not read is 422 with it kept, then saved as typed and recorded', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time)
  const good = file(dir, JA)
  writeFileSync(join(dir, JA), good.replace(/^title: .*$/m, 'title: [unclosed'))
  const { base } = pageState(await openItem(app, ed, 'news', '2026-04-new-office')).data
  const fixed = good.replace(/^title: .*$/m, 'title: "直したタイトル"')
  const ask = await post(app, ed, `/admin/content/${NEWS}`, { base, rawFile: JA, rawAction: 'save', rawText: fixed })
  t.equal(ask.statusCode, 200, 'the confirmation step')
  t.same(pageState(ask).data.confirm, { action: 'raw', file: JA, what: 'save' })
  t.match(rendered(ask), '直したタイトル', 'what was typed is kept')
  t.match(file(dir, JA), '[unclosed', 'not before the confirmation')

  const still = await post(app, ed, `/admin/content/${NEWS}`, { base, rawFile: JA, rawAction: 'save', rawText: 'no front matter', confirmed: '1' })
  t.equal(still.statusCode, 422)
  t.equal(pageState(still).data.unreadable[0].reason, 'frontMatter')
  t.match(rendered(still), '前付け')

  const saved = await post(app, ed, `/admin/content/${NEWS}`, { base, rawFile: JA, rawAction: 'save', rawText: fixed.replace(/\n/g, '\r\n'), confirmed: '1' })
  t.equal(saved.statusCode, 303)
  t.equal(file(dir, JA), fixed, 'written as typed (line breaks as the file had them)')
  t.equal((await openItem(app, ed, 'news', '2026-04-new-office')).statusCode, 200, 'the editor opens again')
  t.match((await app.inject({ url: '/news/2026-04-new-office', headers: LOCAL })).body, '直したタイトル')
  t.equal((await app.editorStore.revisions(NEWS))[0]?.action, 'save')
  t.equal((await app.staffStore.listAudit({ action: 'content.change' })).length, 1)
})

t.test('both languages broken: each is fixed on its own', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time)
  const EN = `${NEWS}.en.md`
  const good = { ja: file(dir, JA), en: file(dir, EN) }
  writeFileSync(join(dir, JA), good.ja.replace(/^title: .*$/m, 'title: [a'))
  writeFileSync(join(dir, EN), good.en.replace(/^title: .*$/m, 'title: [b'))
  const opened = pageState(await openItem(app, ed, 'news', '2026-04-new-office')).data
  t.same(opened.unreadable.map((f: { file: string }) => f.file), [JA, EN])
  const ja = await post(app, ed, `/admin/content/${NEWS}`, { base: opened.base, rawFile: JA, rawAction: 'save', rawText: good.ja, confirmed: '1' })
  t.equal(ja.statusCode, 303, 'the English file still broken does not hold the Japanese fix back')
  const next = pageState(await openItem(app, ed, 'news', '2026-04-new-office')).data
  t.same(next.unreadable.map((f: { file: string }) => f.file), [EN])
  const en = await post(app, ed, `/admin/content/${NEWS}`, { base: next.base, rawFile: EN, rawAction: 'save', rawText: good.en, confirmed: '1' })
  t.equal(en.statusCode, 303)
  t.equal(file(dir, JA), good.ja)
  t.equal(file(dir, EN), good.en)
})

t.test('a file that is not UTF-8: named as such; removing that language keeps the other', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time)
  const bytes = Buffer.concat([Buffer.from('---\ntitle: "'), Buffer.from([0x93, 0xfa, 0x96, 0x7b]), Buffer.from('"\n---\n')])
  writeFileSync(join(dir, JA), bytes)
  const res = await openItem(app, ed, 'news', '2026-04-new-office')
  t.equal(res.statusCode, 409)
  t.equal(pageState(res).data.unreadable[0].reason, 'encoding')
  t.match(rendered(res), 'UTF-8 のテキストではありません')
  const base = pageState(res).data.base
  const stale = await post(app, ed, `/admin/content/${NEWS}`, { base: 'stale', rawFile: JA, rawAction: 'remove', confirmed: '1' })
  t.equal(stale.statusCode, 409, 'based on another state: nothing removed')
  t.ok(existsSync(join(dir, JA)))
  const other = await post(app, ed, `/admin/content/${NEWS}`, { base, rawFile: '../site.yml', rawAction: 'remove', confirmed: '1' })
  t.equal(other.statusCode, 404, 'only a file of the item')
  // Removing the Japanese file leaves an English-only item, which the content check allows for news.
  const removed = await post(app, ed, `/admin/content/${NEWS}`, { base, rawFile: JA, rawAction: 'remove', confirmed: '1' })
  t.equal(removed.statusCode, 303, rendered(removed).slice(0, 0))
  t.notOk(existsSync(join(dir, JA)))
  t.ok(existsSync(join(dir, `${NEWS}.en.md`)))
  t.equal((await openItem(app, ed, 'news', '2026-04-new-office')).statusCode, 200)
})

t.test('site.yml broken by hand: the profile page names it (no 500)', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time, 'en')
  writeFileSync(join(dir, 'site.yml'), `${file(dir, 'site.yml')}\nname: [\n`)
  const res = await openItem(app, ed, 'site', 'profile')
  t.equal(res.statusCode, 409)
  t.match(rendered(res), 'data-unreadable="site.yml"')
  t.notMatch(rendered(res), 'name="rawAction" value="remove"', 'site.yml cannot be removed')
})

t.test('a site.yml broken by hand: the list still answers and names it; the other pages answer 409, never a 500', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time)
  writeFileSync(join(dir, 'site.yml'), `${readFileSync(join(dir, 'site.yml'), 'utf8')}\nname: [unclosed\n`)
  const list = await app.inject({ url: '/admin/content', headers: ed.headers })
  t.equal(list.statusCode, 200, 'the list')
  t.match(list.body, 'site/profile', 'lists the profile all the same')
  for (const url of ['/admin/content/site/profile/revisions', '/admin/content/site/menus/revisions']) {
    const res = await app.inject({ url, headers: ed.headers })
    t.equal(res.statusCode, 409, `${url}: the staff error page`)
  }
})
