import t from 'tap'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { createTokenSigner } from '../../../server/contact/token'
import { CONTACT_FIELDS } from '../../../shared/pages/contact/fields'
import { REFERENCE_PATTERN } from '../../../shared/pages/contact/page-data'
import { headTags, logCollector, pageState } from '../../helper'
import { contactApp, formFields, formToken, freshToken, postForm } from './helper'

const stored = (dataDir: string) => {
  const db = new Database(join(dataDir, 'inquiries.db'), { readonly: true })
  try {
    return db.prepare('SELECT id, locale, email, phone, message FROM inquiries').all() as Record<string, string>[]
  } finally {
    db.close()
  }
}

t.test('GET /contact carries a fresh signed token and is never cached', async (t) => {
  const { app } = await contactApp(t)
  for (const url of ['/contact', '/ja/contact', '/en/contact']) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 200, url)
    t.equal(res.headers['cache-control'], 'no-store', url)
    t.match(formToken(res.body), /^v1\./)
    // data-hydrate: the page's React code runs at the visitor's first touch of the form (client/hydrate.ts).
    t.match(res.body, new RegExp(`<form class="contact-form" novalidate="" data-hydrate="" action="${url}" method="post">`, 'i'), 'posts to its own URL; the server validates')
    t.equal(pageState(res.body).data.step, 'form')
  }
  t.not(await freshToken(app), await freshToken(app), 'one token per page view')
  const en = (await app.inject('/en/contact')).body
  t.notMatch(en, /name="nameKana"/, 'no kana field on the English form')
  t.match((await app.inject('/contact')).body, /name="nameKana"/)

  // Each field's Required/Optional badge, and the privacy policy of the form's own language.
  const required = new Set(['name', 'email', 'emailConfirm', 'inquiryType', 'message', 'privacyConsent'])
  for (const [url, lang, badges, privacy] of [
    ['/contact', 'ja', ['必須', '任意'], '/privacy-policy'],
    ['/ja/contact', 'ja', ['必須', '任意'], '/ja/privacy-policy'],
    ['/en/contact', 'en', ['Required', 'Optional'], '/en/privacy-policy'],
  ] as const) {
    const body = (await app.inject(url)).body
    const form = body.slice(body.indexOf('<form class="contact-form"'), body.indexOf('class="form-honeypot"'))
    const blocks = form.split(/(?=<div class="field[^"]*" data-field=")/).slice(1)
    const fields = Object.fromEntries(blocks.map((b) => [/data-field="([^"]+)"/.exec(b)![1]!, b]))
    const expected = CONTACT_FIELDS.filter((name) => name !== 'nameKana' || lang === 'ja')
    t.same(Object.keys(fields), expected, `${url}: every field, in form order`)
    for (const name of expected) {
      const badge = [...fields[name]!.matchAll(/<span class="badge badge--(required|optional)">([^<]*)<\/span>/g)]
      t.equal(badge.length, 1, `${url} ${name}: one badge`)
      const want = required.has(name) ? ['required', badges[0]] : ['optional', badges[1]]
      t.same([badge[0]?.[1], badge[0]?.[2]], want, `${url} ${name}: ${want[1]}`)
    }
    const links = [...fields.privacyConsent!.matchAll(/<a href="([^"]+)"/g)].map((m) => m[1])
    t.same(links, [privacy], `${url}: the consent links to ${privacy}`)
    const policy = await app.inject(privacy)
    t.equal(policy.statusCode, 200, `${privacy} exists`)
    t.equal(headTags(policy.body).lang, lang, `${privacy} is in the form's language`)
  }
})

t.test('review -> edit -> review -> send, then 303 to the success page in the same language', async (t) => {
  const { app, dataDir } = await contactApp(t)
  for (const prefix of ['', '/ja', '/en']) {
    const url = `${prefix}/contact`
    const token = await freshToken(app, url)
    const fields = formFields({ _token: token, phone: '０３ー１２３４ー５６７８', message: '1行目\r\n<script>alert("x")</script>' })
    const review = await postForm(app, url, { ...fields, step: 'review' })
    t.equal(review.statusCode, 200, `${url} review`)
    t.equal(review.headers['cache-control'], 'private, no-cache', 'kept by the browser for Back, never by a shared cache')
    t.equal(pageState(review.body).data.step, 'review')
    t.match(review.body, /<dd>03-1234-5678<\/dd>/, 'normalised to half-width on the review step')
    t.notMatch(review.body, /<script>alert/, 'typed markup is escaped')
    t.match(review.body, /&lt;script&gt;alert\(&quot;x&quot;\)&lt;\/script&gt;/)
    t.match(review.body, /<button type="submit" value="send"[^>]*name="step"/)
    t.match(headTags(review.body).title ?? '', prefix === '/en' ? /^Review your inquiry \| / : /^入力内容の確認 \| /)

    const edit = await postForm(app, url, { ...fields, step: 'edit' })
    t.equal(edit.statusCode, 200, 'back to edit')
    const state = pageState(edit.body).data
    t.equal(state.step, 'form')
    t.equal(state.values.name, '山田 太郎', 'values kept')
    t.equal(state.values.phone, '03-1234-5678')
    t.equal(formToken(edit.body), token, 'same token: the form is the same submission')
    t.match(edit.body, /value="山田 太郎"/)

    const sent = await postForm(app, url, { ...fields, step: 'send' })
    t.equal(sent.statusCode, 303)
    const location = String(sent.headers.location)
    t.match(location, new RegExp(`^${prefix}/contact/success\\?ref=Q-`))
    const ref = new URL(location, 'http://x').searchParams.get('ref')!
    t.match(ref, REFERENCE_PATTERN)
    const again = await postForm(app, url, { ...fields, step: 'send' })
    t.equal(again.headers.location, location, 'a resend (reload, double click) lands on the same reference')
    const success = await app.inject(location)
    t.equal(success.statusCode, 200)
    t.match(success.body, new RegExp(`data-reference="">${ref}<`))
    t.equal(headTags(success.body).robots, 'noindex')
  }
  const rows = stored(dataDir)
  t.equal(rows.length, 3, 'one inquiry per language form')
  t.same(rows.map((r) => r.locale), ['ja', 'ja', 'en'])
  t.equal(rows[0]!.message, '1行目\n<script>alert("x")</script>', 'line breaks as \\n, text stored as typed')
})

t.test('a resent send answers the first 303 before validating: "today" resent after midnight in Tokyo', async (t) => {
  let now = Date.parse('2026-11-22T14:50:00Z') // 23:50 in Tokyo
  const log = logCollector()
  const { app, dataDir } = await contactApp(t, {}, { now: () => new Date(now) }, undefined, log.stream)
  const token = await freshToken(app, '/en/contact')
  const fields = formFields({ _token: token, preferredDate: '2026-11-22', step: 'send' })
  const first = await postForm(app, '/en/contact', fields)
  t.equal(first.statusCode, 303)
  now += 20 * 60_000 // 00:10 on the 23rd
  const review = await postForm(app, '/en/contact', { ...fields, step: 'review' })
  t.equal(review.statusCode, 422, 'the date is now in the past for a review')
  const again = await postForm(app, '/en/contact', fields)
  t.equal(again.statusCode, 303, 'the resend is not validated again')
  t.equal(again.headers.location, first.headers.location, 'the same reference')
  t.equal(stored(dataDir).length, 1)
  t.match(log.lines.find((l) => l.msg === 'inquiry resent, answered with the first id'), { via: 'form', inquiryId: new URL(String(first.headers.location), 'http://x').searchParams.get('ref') })
})

t.test('furigana with a space: accepted and shown with one full-width space; ignored on the English form', async (t) => {
  const { app, dataDir } = await contactApp(t)
  const token = await freshToken(app)
  const review = await postForm(app, '/contact', formFields({ _token: token, nameKana: 'ヤマダ  タロウ', step: 'review' }))
  t.equal(review.statusCode, 200)
  t.match(review.body, /<dd>ヤマダ　タロウ<\/dd>/)
  t.match(review.body, /name="nameKana" value="ヤマダ　タロウ"/)
  const en = await postForm(app, '/en/contact', formFields({ _token: token, nameKana: 'やまだ', step: 'review' }))
  t.equal(en.statusCode, 200, 'an invalid furigana posted to the English form does not block it')
  t.equal(pageState(en.body).data.values.nameKana, '')
  const sent = await postForm(app, '/en/contact', formFields({ _token: token, nameKana: 'やまだ', step: 'send' }))
  t.equal(sent.statusCode, 303)
  const db = new Database(join(dataDir, 'inquiries.db'), { readonly: true })
  t.teardown(() => db.close())
  t.equal(db.prepare('SELECT name_kana FROM inquiries').pluck().get(), null)
})

t.test('invalid input: 422 form with the error summary (focused) and the field errors', async (t) => {
  const { app, dataDir } = await contactApp(t)
  for (const [url, summary, title] of [
    ['/contact', '3件の項目にエラーがあります。', 'エラー：お問い合わせ'],
    ['/en/contact', '3 items have errors.', 'Error: Contact'],
  ] as const) {
    const token = await freshToken(app, url)
    for (const step of ['review', 'send']) {
      const res = await postForm(app, url, { _token: token, step, name: 'A', email: 'a@example.com', emailConfirm: 'b@example.com', message: 'hello' })
      t.equal(res.statusCode, 422, `${url} ${step}`)
      t.match(res.body, /<div class="error-summary" tabindex="-1" autofocus=""/)
      t.match(res.body, summary)
      t.match(headTags(res.body).title, new RegExp(`^${title} \\| `))
      for (const field of ['emailConfirm', 'inquiryType', 'privacyConsent']) {
        t.match(res.body, `href="#contact-${field}"`, `summary links to ${field}`)
        t.match(res.body, new RegExp(`id="contact-${field}"[^>]*aria-describedby="[^"]*contact-${field}-error"|aria-describedby="[^"]*contact-${field}-error"[^>]*id="contact-${field}"`))
      }
      t.match(res.body, /aria-invalid="true"/)
      t.match(res.body, /value="A"/, 'values kept')
    }
  }
  t.equal(stored(dataDir).length, 0)
})

t.test('control characters in the name: 422, the field\'s message in the form\'s language; the message may have line breaks', async (t) => {
  const { app, dataDir } = await contactApp(t)
  for (const [url, name, message] of [
    ['/contact', 'Evil\u001B[2J', '改行・タブ・ゼロ幅スペースなどの見えない文字や制御文字は入力できません。'],
    ['/en/contact', 'Jane\r\nEmail: attacker@example.net', 'Line breaks, tabs, invisible characters (such as zero-width spaces) and other control characters cannot be used here.'],
  ] as const) {
    const res = await postForm(app, url, formFields({ _token: await freshToken(app, url), name, step: 'review' }))
    t.equal(res.statusCode, 422, url)
    t.same(pageState(res.body).data.errors, { name: message })
    t.equal(pageState(res.body).data.values.name, name.replace(/\r\n/g, '\n'), 'the value is kept for correcting (line breaks as \\n)')
  }
  const ok = await postForm(app, '/contact', formFields({ _token: await freshToken(app), message: '1行目\r\n\t2行目', step: 'review' }))
  t.equal(ok.statusCode, 200)
  t.equal(stored(dataDir).length, 0)
})

t.test('a form without a valid token: 403, the form again with the values and a new token', async (t) => {
  const { app, dataDir } = await contactApp(t)
  const foreign = createTokenSigner('another-secret-0123456789').issue(Date.now())
  const old = createTokenSigner('x'.repeat(32)) // not this server's key either: signature fails first
  for (const token of ['', 'garbage', foreign, old.issue(Date.now() - 3 * 86400_000)]) {
    const res = await postForm(app, '/en/contact', { ...formFields(), _token: token, step: 'send' })
    t.equal(res.statusCode, 403, `token ${token.slice(0, 12)}`)
    t.match(res.body, /This form has expired/)
    t.match(res.body, /value="山田 太郎"/)
    t.not(formToken(res.body), token)
  }
  t.equal(stored(dataDir).length, 0)
})

t.test('an expired token of this server is refused the same way', async (t) => {
  let now = Date.now()
  const { app } = await contactApp(t, {}, { now: () => new Date(now) })
  const token = await freshToken(app)
  now += 25 * 3600_000
  const res = await postForm(app, '/contact', { ...formFields(), _token: token, step: 'review' })
  t.equal(res.statusCode, 403)
  t.match(res.body, /有効期限が切れました/)
})

t.test('cross-site form POSTs get the 403 error page; other bodies 415, 413, unknown step 400', async (t) => {
  const { app, dataDir } = await contactApp(t)
  const token = await freshToken(app)
  const cross = await postForm(app, '/contact', { ...formFields(), _token: token, step: 'send' }, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' })
  t.equal(cross.statusCode, 403)
  t.match(cross.headers['content-type'], /text\/html/)
  t.equal(pageState(cross.body).error.statusCode, 403)
  const json = await app.inject({ method: 'POST', url: '/contact', headers: { 'content-type': 'application/json' }, payload: '{}' })
  t.equal(json.statusCode, 415)
  t.match(json.headers['content-type'], /text\/html/)
  const big = await postForm(app, '/en/contact', { ...formFields(), _token: token, step: 'review', message: 'x'.repeat(40_000) })
  t.equal(big.statusCode, 413)
  const step = await postForm(app, '/contact', { ...formFields(), _token: token, step: 'delete' })
  t.equal(step.statusCode, 400)
  t.equal(stored(dataDir).length, 0)
})

t.test('honeypot and fill time: the bot is sent to a success page, nothing is stored, the drop is logged', async (t) => {
  const log = logCollector()
  const { app, dataDir } = await contactApp(t, { minFillMs: 60_000 }, {}, undefined, log.stream)
  const token = await freshToken(app)
  const trap = await postForm(app, '/contact', { ...formFields(), _token: token, website: 'x', step: 'review' })
  t.equal(trap.statusCode, 303)
  t.match(String(trap.headers.location), /^\/contact\/success\?ref=Q-/)
  const review = await postForm(app, '/contact', { ...formFields(), _token: token, step: 'review' })
  t.equal(review.statusCode, 200, 'a quick review is fine')
  const fast = await postForm(app, '/contact', { ...formFields(), _token: token, step: 'send' })
  t.equal(fast.statusCode, 303, 'sent 0 s after the form was served')
  t.equal(stored(dataDir).length, 0)
  t.same(log.lines.filter((l) => l.msg === 'inquiry dropped').map((l) => [l.reason, l.via]), [['honeypot', 'form'], ['too-fast', 'form']])
})

t.test('rate limited form POST: 429, the form again with values and the reason', async (t) => {
  const { app } = await contactApp(t, { rateLimitMax: 1 })
  const token = await freshToken(app, '/en/contact')
  t.equal((await postForm(app, '/en/contact', { ...formFields(), _token: token, step: 'review' })).statusCode, 200)
  const limited = await postForm(app, '/en/contact', { ...formFields(), _token: token, step: 'send' })
  t.equal(limited.statusCode, 429)
  t.ok(limited.headers['retry-after'])
  t.match(limited.body, /Too many requests/)
  t.match(limited.body, /value="山田 太郎"/)
  t.equal(formToken(limited.body), token)
})

t.test('success page: reference only when well-formed; always 200 and noindex', async (t) => {
  const { app } = await contactApp(t)
  for (const url of ['/contact/success', '/en/contact/success?ref=<b>x</b>', '/contact/success?ref=Q-20261122-ILOU00']) {
    const res = await app.inject(url)
    t.equal(res.statusCode, 200, url)
    t.notMatch(res.body, /data-reference/, `${url}: generic thank-you`)
    t.equal(headTags(res.body).robots, 'noindex')
  }
  const ok = await app.inject('/en/contact/success?ref=Q-20261122-7F3K2A')
  t.match(ok.body, /Reference number/)
  t.match(ok.body, /Q-20261122-7F3K2A/)
  t.match(ok.body, /aria-current="step"[^>]*>.*Complete/s)
})
