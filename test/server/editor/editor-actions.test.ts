import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import t from 'tap'
import { clock } from '../staff/web-helper'
import { rendered, staffMember } from '../inbox/detail-helper'
import { postJson } from '../staff/web-helper'
import { editor, editorApp, formOf, openItem, pageState, post } from './pages-helper'

const NEWS = 'news/2026-04-new-office'
const file = (dir: string, name: string) => readFileSync(join(dir, name), 'utf8')

t.test('translation marks: a Japanese change marks the English out of date until ticked "still right"', async (t) => {
  const time = clock()
  const { app } = await editorApp(t, time)
  const ed = await editor(app, time)
  const open = () => openItem(app, ed, 'news', '2026-04-new-office')
  let { form, base } = formOf(await open())
  t.equal((await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, 'ja.title': '新しい題', confirmed: '1' })).statusCode, 303)
  const page = await open()
  t.same(pageState(page).data.outOfDate, { en: ['title'] })
  t.match(rendered(page), 'data-stale="en.title"')
  t.match(rendered(await app.inject({ url: '/admin/content', headers: ed.headers })), /data-item="news\/2026-04-new-office"[\s\S]*?content-stale__badge/)
  ;({ form, base } = formOf(page))
  t.equal((await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, 'still.en.title': '1', confirmed: '1' })).statusCode, 303)
  t.same(pageState(await open()).data.outOfDate, {}, 'ticked: up to date')
})

t.test('an article created in both languages is up to date, also after the Japanese is scheduled', async (t) => {
  const time = clock()
  const { app } = await editorApp(t, time)
  const ed = await editor(app, time)
  // As a browser sends a textarea: \r\n line breaks, no final line break (the file keeps one).
  const fields = {
    'has.ja': '1', 'ja.draft': '1', 'ja.title': '年末年始の休業', 'ja.date': '2026-12-01', 'ja.category': 'notice', 'ja.excerpt': 'お知らせ', 'ja.body': '本文です。\r\n二行目。',
    'has.en': '1', 'en.draft': '1', 'en.title': 'Year-end holidays', 'en.date': '2026-12-01', 'en.category': 'notice', 'en.excerpt': 'Notice', 'en.body': 'The body.\r\nLine two.',
  }
  const created = await post(app, ed, '/admin/content/new/news', { ...fields, slug: '2026-12-year-end', confirmed: '1' })
  t.equal(created.statusCode, 303, rendered(created).slice(0, 300))
  const open = () => openItem(app, ed, 'news', '2026-12-year-end')
  t.same(pageState(await open()).data.outOfDate, {}, 'nothing out of date after creation')
  const scheduled = await post(app, ed, '/admin/content/news/2026-12-year-end/publish', { locale: 'ja', action: 'schedule', at: '2027-01-04T09:30', confirmed: '1' })
  t.equal(scheduled.statusCode, 303)
  t.same(pageState(await open()).data.outOfDate, {}, 'scheduling the Japanese leaves the English up to date')
  const { form, base } = formOf(await open())
  t.equal((await post(app, ed, '/admin/content/news/2026-12-year-end', { ...form, base, 'ja.body': '本文を書き直しました。', confirmed: '1' })).statusCode, 303)
  t.same(pageState(await open()).data.outOfDate, { en: ['body'] }, 'a real change of the Japanese body still marks the English')
})

t.test('publication per language: draft, schedule (Japan time), publish now; refusals in words', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time, 'en')
  const url = `/admin/content/${NEWS}/publish`
  const ask = await post(app, ed, url, { locale: 'en', action: 'draft' })
  t.equal(ask.statusCode, 200, 'the confirmation step')
  t.match(pageState(ask).data.confirm, { action: 'publish', locale: 'en', what: 'draft' })
  t.notMatch(file(dir, `${NEWS}.en.md`), 'draft: true')
  const drafted = await post(app, ed, url, { locale: 'en', action: 'draft', confirmed: '1' })
  t.equal(drafted.statusCode, 303)
  t.equal(drafted.headers.location, `/admin/content/${NEWS}?notice=unpublish`)
  t.match(file(dir, `${NEWS}.en.md`), 'draft: true')
  t.equal((await app.inject({ url: '/en/news/2026-04-new-office', headers: { host: 'localhost' } })).statusCode, 404, 'visitors no longer see it')
  const past = await post(app, ed, url, { locale: 'ja', action: 'schedule', at: '2020-01-01T10:00', confirmed: '1' })
  t.equal(past.statusCode, 422)
  t.match(rendered(past), 'Please choose a date and time still to come')
  const scheduled = await post(app, ed, url, { locale: 'ja', action: 'schedule', at: '2027-01-04T09:30', confirmed: '1' })
  t.equal(scheduled.statusCode, 303)
  t.match(file(dir, `${NEWS}.ja.md`), 'date: "2027-01-04 09:30"')
  t.equal(pageState(await openItem(app, ed, 'news', '2026-04-new-office')).data.states.ja, 'scheduled')
  t.equal((await post(app, ed, url, { locale: 'en', action: 'publish', confirmed: '1' })).statusCode, 303)
  t.notMatch(file(dir, `${NEWS}.en.md`), 'draft')
  const kinds = (await app.editorStore.revisions(NEWS)).map((r) => r.action)
  t.same(kinds, ['publish', 'schedule', 'unpublish'])
  t.equal((await post(app, ed, '/admin/content/pages/about/publish', { locale: 'ja', action: 'draft', confirmed: '1' })).statusCode, 422, 'pages have no drafts')
})

t.test('delete: the confirmation step, then every language removed; back to the list', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time)
  const url = `/admin/content/${NEWS}/delete`
  t.equal((await post(app, ed, url, {})).statusCode, 200)
  t.ok(existsSync(join(dir, `${NEWS}.ja.md`)))
  const done = await post(app, ed, url, { confirmed: '1' })
  t.equal(done.statusCode, 303)
  t.equal(done.headers.location, '/admin/content?notice=deleted')
  t.notOk(existsSync(join(dir, `${NEWS}.ja.md`)))
  t.notOk(existsSync(join(dir, `${NEWS}.en.md`)))
  t.equal((await app.editorStore.revisions(NEWS))[0]?.action, 'delete')
  t.equal((await openItem(app, ed, 'news', '2026-04-new-office')).statusCode, 404)
  t.equal((await post(app, ed, '/admin/content/site/profile/delete', { confirmed: '1' })).statusCode, 404, 'a part of site.yml is not deleted')
})

t.test('a new article: its slug checked, created as a draft, opened after', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time, 'en')
  const page = await app.inject({ url: '/admin/content/new/news', headers: ed.headers })
  t.equal(page.statusCode, 200)
  const fields = { 'has.ja': '1', 'ja.draft': '1', 'ja.title': '年末年始の休業', 'ja.date': '2026-12-01', 'ja.category': 'notice', 'ja.excerpt': 'お知らせ', 'ja.body': '本文です。' }
  const bad = await post(app, ed, '/admin/content/new/news', { ...fields, slug: 'Year_End', confirmed: '1' })
  t.equal(bad.statusCode, 422)
  t.match(pageState(bad).data.errors.slug, 'lower-case')
  const taken = await post(app, ed, '/admin/content/new/news', { ...fields, slug: '2026-04-new-office', confirmed: '1' })
  t.equal(pageState(taken).data.errors.slug, 'An item with this name already exists.')
  const made = await post(app, ed, '/admin/content/new/news', { ...fields, slug: '2026-12-year-end', confirmed: '1' })
  t.equal(made.statusCode, 303)
  t.equal(made.headers.location, '/admin/content/news/2026-12-year-end?notice=created')
  t.match(file(dir, 'news/2026-12-year-end.ja.md'), 'draft: true')
  t.notOk(existsSync(join(dir, 'news/2026-12-year-end.en.md')), 'English not written')
  t.equal((await app.editorStore.revisions('news/2026-12-year-end'))[0]?.action, 'create')
  t.equal((await app.inject({ url: '/admin/content/new/site', headers: ed.headers })).statusCode, 404)
})

t.test('presence: another editor with the page open is named at load and by the heartbeat', async (t) => {
  const time = clock()
  const { app } = await editorApp(t, time)
  const a = await editor(app, time)
  const b = await staffMember(app, time, 'admin')
  await openItem(app, a, 'news', '2026-04-new-office')
  const seen = await openItem(app, b, 'news', '2026-04-new-office')
  t.same(pageState(seen).data.others, [a.who.account.name])
  t.match(rendered(seen), 'data-presence')
  const beat = await postJson(app, `/admin/content/${NEWS}/presence`, a.headers, a.csrf, {})
  t.equal(beat.statusCode, 200)
  t.same(beat.json(), { others: [b.who.account.name] })
  time.advance(61_000)
  t.same((await postJson(app, `/admin/content/${NEWS}/presence`, a.headers, a.csrf, {})).json(), { others: [] }, 'gone after a minute without a heartbeat')
  t.equal((await postJson(app, `/admin/content/${NEWS}/presence`, a.headers, 'wrong', {})).statusCode, 403)
})

t.test('hostile text in every kind of field is shown inert, and saved as typed', async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time)
  const evil = '"><script>alert(1)</script>\u202E{{x}}'
  const { form, base } = formOf(await openItem(app, ed, 'news', '2026-04-new-office'))
  const typed: Record<string, string> = { ...form, base }
  for (const name of Object.keys(form)) if (/^(ja|en)\.(title|excerpt|coverAlt|body)$/.test(name)) typed[name] = evil
  const res = await post(app, ed, `/admin/content/${NEWS}`, typed)
  t.notMatch(rendered(res), '<script>alert(1)</script>')
  t.notMatch(res.body.slice(res.body.indexOf('</div>')), /<script>alert/, 'nor in the shipped state')
  const body = await post(app, ed, `/admin/content/${NEWS}`, { ...form, base, 'ja.body': '<script>alert(1)</script>\n\n本文', confirmed: '1' })
  t.equal(body.statusCode, 303)
  t.match(file(dir, `${NEWS}.ja.md`), '<script>alert(1)</script>', 'the body as typed')
  t.notMatch((await app.inject({ url: '/news/2026-04-new-office', headers: { host: 'localhost' } })).body, '<script>alert(1)</script>', 'the site escapes it')
})

t.test("site.yml's parts: the profile's catalogue rules on the server, a save that keeps the file's comments; the menus", async (t) => {
  const time = clock()
  const { app, dir } = await editorApp(t, time)
  const ed = await editor(app, time, 'en')
  const page = await openItem(app, ed, 'site', 'profile')
  t.equal(page.statusCode, 200)
  const { form, base } = formOf(page)
  const bad = await post(app, ed, '/admin/content/site/profile', { ...form, base, postalCode: '12-345', invoiceNumber: 'T123', confirmed: '1' })
  t.equal(bad.statusCode, 422)
  t.same(Object.keys(pageState(bad).data.errors), ['postalCode', 'invoiceNumber'])
  t.equal(pageState(bad).data.errors.postalCode, 'Please enter a 7-digit postal code (e.g. 123-4567).')
  const before = readFileSync(join(dir, 'site.yml'), 'utf8')
  const saved = await post(app, ed, '/admin/content/site/profile', { ...form, base, 'en.tagline': 'Building what lasts', invoiceNumber: 'T1234567890123', confirmed: '1' })
  t.equal(saved.statusCode, 303)
  const after = readFileSync(join(dir, 'site.yml'), 'utf8')
  t.match(after, 'Building what lasts')
  t.match(after, 'T1234567890123')
  const comments = (text: string) => text.split('\n').filter((l) => l.trimStart().startsWith('#'))
  t.same(comments(after), comments(before), 'the comments kept')
  const menus = await openItem(app, ed, 'site', 'menus')
  t.equal(menus.statusCode, 200)
  t.match(formOf(menus).form['menus.header'], /^\//)
  t.equal((await openItem(app, ed, 'site', 'other')).statusCode, 404)
})
