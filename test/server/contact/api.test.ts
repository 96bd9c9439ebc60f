import t from 'tap'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { REFERENCE_PATTERN } from '../../../shared/pages/contact/page-data'
import { logCollector } from '../../helper'
import { createTokenSigner } from '../../../server/contact/token'
import { contactApp, freshToken, validInquiry, withFormToken } from './helper'

const count = (dataDir: string) => {
  const db = new Database(join(dataDir, 'inquiries.db'), { readonly: true })
  try {
    return db.prepare('SELECT COUNT(*) FROM inquiries').pluck().get() as number
  } finally {
    db.close()
  }
}
const post = (payload: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST' as const,
  url: '/api/contact',
  headers: { 'content-type': 'application/json', ...headers },
  payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
})

t.test('201 with a reference once stored, in both languages', async (t) => {
  const { app, dataDir } = await contactApp(t)
  for (const locale of ['ja', 'en']) {
    const res = await app.inject(post(await withFormToken(app, validInquiry({ locale }))))
    t.equal(res.statusCode, 201, locale)
    t.same(Object.keys(res.json()), ['id'])
    t.match(res.json().id, REFERENCE_PATTERN)
    t.equal(res.headers['cache-control'], 'no-store')
  }
  t.equal(count(dataDir), 2)
})

t.test('422 lists every invalid field with the catalogue message in the asked language', async (t) => {
  const { app, dataDir } = await contactApp(t)
  const ja = await app.inject(post(await withFormToken(app, { locale: 'ja', email: 'not-an-address', emailConfirm: 'x', phone: '12', inquiryType: 'villa', preferredDate: '2000-01-01', message: '   ', privacyConsent: false })))
  t.equal(ja.statusCode, 422)
  t.same(ja.json(), {
    message: '8件の項目にエラーがあります。',
    errors: {
      name: '入力してください。',
      email: 'メールアドレスの形式が正しくありません。',
      emailConfirm: '同じ値を入力してください。',
      phone: '電話番号の形式が正しくありません。',
      inquiryType: '選択してください。',
      preferredDate: '今日以降の日付を入力してください。',
      message: '改行・スペース・タブだけの入力はできません。',
      privacyConsent: 'チェックを入れてください。',
    },
  })
  const en = await app.inject(post(await withFormToken(app, { ...validInquiry({ locale: 'en' }), nameKana: 'やまだ', preferredDate: '2026/13/45', message: 'x'.repeat(2001) })))
  t.equal(en.statusCode, 422)
  t.same(en.json(), {
    message: '2 items have errors.',
    errors: { preferredDate: 'Date Only.', message: 'Please enter up to 2,000 characters.' },
  }, 'the furigana is not asked in English: never reported')
  const kana = await app.inject(post(await withFormToken(app, { ...validInquiry({ locale: 'ja' }), nameKana: 'やまだ' })))
  t.same(kana.json().errors, { nameKana: '全角カタカナで入力してください。' }, 'but checked in Japanese')
  t.equal(count(dataDir), 0, 'nothing stored')
})

t.test('a long text is a 422 for its field, not a 400 (the body limit bounds the size)', async (t) => {
  const { app, dataDir } = await contactApp(t)
  const long = await app.inject(post(await withFormToken(app, validInquiry({ locale: 'en', message: 'x'.repeat(12_000) }))))
  t.equal(long.statusCode, 422)
  t.same(long.json(), { message: '1 item has errors.', errors: { message: 'Please enter up to 2,000 characters.' } })
  const name = await app.inject(post(await withFormToken(app, validInquiry({ locale: 'en', name: 'x'.repeat(10_001), company: 'y'.repeat(10_001) }))))
  t.equal(name.statusCode, 422)
  t.same(Object.keys(name.json().errors), ['name', 'company'])
  const website = await app.inject(post(await withFormToken(app, validInquiry({ website: 'x'.repeat(12_000) }))))
  t.equal(website.statusCode, 201, 'a long honeypot is still a bot: dropped')
  t.equal((await app.inject(post(validInquiry({ _token: 'x'.repeat(201) })))).statusCode, 400, '_token keeps its cap')
  t.equal(count(dataDir), 0)
})

t.test('furigana with a space between the words is accepted and stored with one full-width space', async (t) => {
  const { app, dataDir } = await contactApp(t)
  for (const nameKana of ['ヤマダ タロウ', 'ヤマダ　タロウ', ' ヤマダ 　タロウ ']) {
    const res = await app.inject(post(await withFormToken(app, validInquiry({ nameKana }))))
    t.equal(res.statusCode, 201, JSON.stringify(nameKana))
  }
  const db = new Database(join(dataDir, 'inquiries.db'), { readonly: true })
  t.teardown(() => db.close())
  t.same(db.prepare('SELECT name_kana FROM inquiries').pluck().all(), ['ヤマダ　タロウ', 'ヤマダ　タロウ', 'ヤマダ　タロウ'])
  const en = await app.inject(post(await withFormToken(app, validInquiry({ locale: 'en', nameKana: 'ヤマダ タロウ' }))))
  t.equal(en.statusCode, 201)
  t.equal(db.prepare('SELECT name_kana FROM inquiries WHERE id = ?').pluck().get(en.json().id), null, 'not stored for English')
})

t.test('full-width digits, letters and hyphens are accepted as half-width', async (t) => {
  const { app } = await contactApp(t)
  const res = await app.inject(post(await withFormToken(app, validInquiry({ email: 'ｔａｒｏ＠ｅｘａｍｐｌｅ．ｃｏｍ', emailConfirm: 'taro@example.com', phone: '０３ー１２３４－５６７８' }))))
  t.equal(res.statusCode, 201)
})

t.test('400 for malformed JSON, unknown fields or wrong types; language from Accept-Language', async (t) => {
  const { app, dataDir } = await contactApp(t)
  const broken = await app.inject(post('{"name": ', { 'accept-language': 'en-US,en;q=0.9' }))
  t.equal(broken.statusCode, 400)
  t.same(broken.json(), { message: 'The request could not be read. Please reload the page and try again.' })
  const brokenJa = await app.inject(post('{"name": '))
  t.match(brokenJa.json().message, /読み取れませんでした/, 'Japanese by default')
  const unknown = await app.inject(post(validInquiry({ locale: 'en', admin: true })))
  t.equal(unknown.statusCode, 400)
  t.match(unknown.json().message, /could not be read/, 'the body language when it parsed')
  t.equal((await app.inject(post(validInquiry({ privacyConsent: 'yes' })))).statusCode, 400, 'wrong type')
  t.equal((await app.inject(post(validInquiry({ locale: 'fr' })))).statusCode, 400, 'unknown locale')
  t.equal((await app.inject(post([]))).statusCode, 400, 'not an object')
  t.equal((await app.inject(post('{"__proto__": {"x": 1}}'))).statusCode, 400, 'prototype poisoning')
  t.equal(count(dataDir), 0)
})

t.test('413 over 32 KiB, 415 for another content type', async (t) => {
  const { app } = await contactApp(t)
  const big = await app.inject(post(validInquiry({ locale: 'en', company: 'x'.repeat(33 * 1024) }), { 'accept-language': 'en' }))
  t.equal(big.statusCode, 413)
  t.match(big.json().message, /too large/, 'not parsed: the language of Accept-Language')
  const form = await app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'ja' }, payload: 'name=x' })
  t.equal(form.statusCode, 415)
  t.match(form.json().message, /対応していません/)
  const text = await app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'text/plain', 'accept-language': 'en' }, payload: '{}' })
  t.equal(text.statusCode, 415)
  t.match(text.headers['content-type'], /application\/json/)
})

t.test('403 for a browser request from another site; same site and non-browser clients pass', async (t) => {
  const { app, dataDir } = await contactApp(t)
  const cases: [Record<string, string>, number][] = [
    [{ origin: 'https://evil.example', 'accept-language': 'en' }, 403],
    [{ 'sec-fetch-site': 'cross-site' }, 403],
    [{ 'sec-fetch-site': 'same-site' }, 403],
    [{ origin: 'null' }, 403],
    [{ 'sec-fetch-site': 'same-origin', origin: 'https://www.example.test' }, 201],
    [{ origin: 'https://www.example.test' }, 201], // SITE_URL
    [{ origin: 'http://localhost:80' }, 201], // the request's own host (inject sends Host: localhost:80)
    [{}, 201],
  ]
  for (const [headers, status] of cases) {
    const res = await app.inject(post(await withFormToken(app, validInquiry()), headers))
    t.equal(res.statusCode, status, JSON.stringify(headers))
    if (status === 403) t.ok(res.json().message)
  }
  t.equal(count(dataDir), 4, 'only the allowed ones are stored')
})

t.test('403 in the body\'s language (checked once the body is read); not JSON and cross-site: 403 first', async (t) => {
  const { app, dataDir } = await contactApp(t)
  const en = await app.inject(post(validInquiry({ locale: 'en' }), { origin: 'https://evil.example' }))
  t.equal(en.statusCode, 403)
  t.same(en.json(), { message: 'Requests from other sites are not accepted.' }, 'English from the body, no Accept-Language')
  const ja = await app.inject(post(validInquiry({ locale: 'ja' }), { 'sec-fetch-site': 'cross-site', 'accept-language': 'en' }))
  t.same(ja.json(), { message: '他のサイトからの送信は受け付けていません。' }, 'the body wins over Accept-Language')
  const form = await app.inject({ method: 'POST', url: '/api/contact', headers: { 'content-type': 'text/plain', origin: 'https://evil.example', 'accept-language': 'en' }, payload: '{"locale":"ja"}' })
  t.equal(form.statusCode, 403, 'a cross-site simple request (text/plain) is a 403, not a 415')
  t.same(form.json(), { message: 'Requests from other sites are not accepted.' }, 'not read: Accept-Language')
  t.equal(count(dataDir), 0)
})

t.test('a signed _token sent twice returns the first id and stores once', async (t) => {
  const { app, dataDir } = await contactApp(t)
  const token = await freshToken(app)
  const first = await app.inject(post(validInquiry({ _token: token })))
  const again = await app.inject(post(validInquiry({ _token: token, message: 'changed' })))
  t.equal(first.statusCode, 201)
  t.equal(again.statusCode, 201)
  t.equal(again.json().id, first.json().id)
  const other = await freshToken(app)
  const [a, b] = await Promise.all([app.inject(post(validInquiry({ _token: other }))), app.inject(post(validInquiry({ _token: other })))])
  t.equal(a.json().id, b.json().id, 'two sends racing with one token store once')
  t.equal(count(dataDir), 2)
})

t.test('a resend is answered from the token before validation: after midnight, "today" still gets the first id', async (t) => {
  let now = Date.parse('2026-11-22T14:50:00Z') // 23:50 in Tokyo
  const log = logCollector()
  const { app, dataDir } = await contactApp(t, {}, { now: () => new Date(now) }, undefined, log.stream)
  const token = await freshToken(app)
  const first = await app.inject(post(validInquiry({ _token: token, preferredDate: '2026-11-22' })))
  t.equal(first.statusCode, 201)
  now += 20 * 60_000 // 00:10 on the 23rd in Tokyo: '2026-11-22' is now in the past
  const fresh = await app.inject(post(validInquiry({ _token: await freshToken(app), preferredDate: '2026-11-22' })))
  t.equal(fresh.statusCode, 422, 'a new send with that date is refused')
  const again = await app.inject(post(validInquiry({ _token: token, preferredDate: '2026-11-22' })))
  t.equal(again.statusCode, 201, 'the resend is not validated again')
  t.same(again.json(), { id: first.json().id })
  const changed = await app.inject(post(validInquiry({ _token: token, message: '' })))
  t.same(changed.json(), { id: first.json().id }, 'even with other, invalid, values')
  t.equal(count(dataDir), 1)
  const resent = log.lines.filter((l) => l.msg === 'inquiry resent, answered with the first id')
  t.equal(resent.length, 2)
  t.match(resent[0], { inquiryId: first.json().id, via: 'api' })
})

t.test('honeypot and minimum fill time: the bot sees 201, nothing is stored, the drop is logged', async (t) => {
  let now = Date.now()
  const log = logCollector()
  const { app, dataDir } = await contactApp(t, { minFillMs: 60_000 }, { now: () => new Date(now) }, undefined, log.stream)
  const trap = await app.inject(post(await withFormToken(app, validInquiry({ website: 'http://spam.example' })), { 'x-request-id': 'r-trap' }))
  t.equal(trap.statusCode, 201)
  t.match(trap.json().id, /^Q-/)
  const token = await freshToken(app)
  now += 59_000
  const fast = await app.inject(post(validInquiry({ _token: token })))
  t.equal(fast.statusCode, 201, 'sent 59 s after the form was served, the minimum being 60 s')
  t.equal(count(dataDir), 0)
  const dropped = log.lines.filter((l) => l.msg === 'inquiry dropped')
  t.same(dropped.map((l) => [l.reason, l.via, l.level]), [['honeypot', 'api', 40], ['too-fast', 'api', 40]], 'each drop logged once, as a warning, with its reason')
  t.notOk(log.lines.some((l) => l.msg === 'inquiry stored'))
  now += 2_000
  const person = await app.inject(post(validInquiry({ _token: await freshToken(app, '/en/contact'), locale: 'en' })))
  t.equal(person.statusCode, 201)
  t.equal(count(dataDir), 0, 'a fresh token is just as young: dropped again')
  const patient = await app.inject(post(validInquiry({ _token: token })))
  t.equal(patient.statusCode, 201)
  t.equal(count(dataDir), 1, 'the first form, sent 61 s after it was served, is stored')
  t.equal(log.lines.filter((l) => l.msg === 'inquiry stored').length, 1)
})

t.test('no _token, an unsigned one or another server\'s: 403 in the body\'s language, nothing stored', async (t) => {
  const log = logCollector()
  const { app, dataDir } = await contactApp(t, {}, {}, undefined, log.stream)
  const foreign = createTokenSigner('another-secret-0123456789').issue(Date.now())
  const tokens: [unknown, string][] = [
    [undefined, 'malformed'],
    ['', 'malformed'],
    [null, 'malformed'],
    ['anything', 'malformed'],
    ['script-key-1', 'malformed'],
    [foreign, 'signature'],
    [(await freshToken(app)).replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), 'signature'],
  ]
  for (const [_token, reason] of tokens) {
    for (const locale of ['ja', 'en']) {
      const res = await app.inject(post(validInquiry({ locale, _token })))
      t.equal(res.statusCode, 403, `${JSON.stringify(_token)} (${locale})`)
      t.equal(res.headers['cache-control'], 'no-store')
      t.same(res.json(), {
        message: locale === 'ja'
          ? 'フォームの有効期限が切れたか、フォームが正しく読み込まれていません。ページを再読み込みして、もう一度送信してください。'
          : 'This form has expired or was not loaded from this site. Please reload the page and send it again.',
      })
    }
    t.ok(log.lines.some((l) => l.msg === 'inquiry refused: no valid form token' && l.reason === reason), `logged as ${reason}`)
  }
  const honeypot = await app.inject(post(validInquiry({ website: 'x' })))
  t.equal(honeypot.statusCode, 403, 'the token is checked first, as on the form')
  const noLocale = await app.inject(post(validInquiry({ locale: undefined }), { 'accept-language': 'en' }))
  t.match(noLocale.json().message, /^This form has expired/, 'no locale in the body: Accept-Language')
  t.equal(count(dataDir), 0)
  t.notOk(log.lines.some((l) => l.msg === 'inquiry dropped'), 'refused, not dropped: the answer says so')
})

t.test('a token older than 24 hours is refused (403); one from a few seconds ago is fine', async (t) => {
  let now = Date.now()
  const { app, dataDir } = await contactApp(t, {}, { now: () => new Date(now) })
  const old = await freshToken(app)
  now += 24 * 3600_000 + 1
  const expired = await app.inject(post(validInquiry({ _token: old, locale: 'en' })))
  t.equal(expired.statusCode, 403)
  t.match(expired.json().message, /has expired/)
  t.equal((await app.inject(post(await withFormToken(app, validInquiry())))).statusCode, 201)
  t.equal(count(dataDir), 1)
})

t.test('a browser\'s own Authorization header (an auth_jwt cookie) neither replaces nor spoils the token', async (t) => {
  const { app, dataDir } = await contactApp(t)
  const bearer = { authorization: 'Bearer eyJhbGciOiJIUzI1NiJ9.e30.signature-of-some-other-app' }
  t.equal((await app.inject(post(validInquiry(), bearer))).statusCode, 403, 'no token: refused')
  t.equal((await app.inject(post(await withFormToken(app, validInquiry()), bearer))).statusCode, 201, 'with the form\'s token: stored')
  t.equal(count(dataDir), 1)
})

t.test('control characters in a one-line field: 422 with the catalogue message; line breaks only in the message', async (t) => {
  const { app, dataDir } = await contactApp(t)
  const cases: [Record<string, string>, string, string][] = [
    [{ name: 'Evil\u001B[2J\u001B[31m' }, 'name', '改行・タブ・ゼロ幅スペースなどの見えない文字や制御文字は入力できません。'],
    [{ name: 'Evil\nEmail: attacker@example.net' }, 'name', '改行・タブ・ゼロ幅スペースなどの見えない文字や制御文字は入力できません。'],
    [{ name: 'Evil\r\nBcc: victim@example.net' }, 'name', '改行・タブ・ゼロ幅スペースなどの見えない文字や制御文字は入力できません。'],
    [{ company: 'ACME\u202Egnp.exe' }, 'company', '改行・タブ・ゼロ幅スペースなどの見えない文字や制御文字は入力できません。'],
    [{ company: 'ACME\u0085Ltd' }, 'company', '改行・タブ・ゼロ幅スペースなどの見えない文字や制御文字は入力できません。'],
    [{ message: 'hello\u001B]8;;http://evil.example\u0007click\u001B]8;;\u0007' }, 'message', '使用できない制御文字が含まれています。'],
  ]
  for (const [fields, field, message] of cases) {
    const ja = await app.inject(post(await withFormToken(app, validInquiry(fields))))
    t.equal(ja.statusCode, 422, JSON.stringify(fields))
    t.same(ja.json().errors, { [field]: message })
  }
  const en = await app.inject(post(await withFormToken(app, validInquiry({ locale: 'en', name: 'Jane\u001BSmith' }))))
  t.same(en.json(), { message: '1 item has errors.', errors: { name: 'Line breaks, tabs, invisible characters (such as zero-width spaces) and other control characters cannot be used here.' } })
  t.equal(count(dataDir), 0)
  const lines = await app.inject(post(await withFormToken(app, validInquiry({ message: 'line 1\r\nline 2\n\tindented' }))))
  t.equal(lines.statusCode, 201, 'line breaks and tabs in the message are text')
})

t.test('invisible characters: 422 in a one-line field, kept in the message', async (t) => {
  const { app, dataDir } = await contactApp(t)
  const refusal = '改行・タブ・ゼロ幅スペースなどの見えない文字や制御文字は入力できません。'
  for (const [field, value] of [
    ['name', '山田\u200B太郎'],
    ['name', 'Ta\u200Dro'],
    ['nameKana', 'ヤマダ\u2060タロウ'],
    ['company', '\u061C株式会社テスト'],
    ['company', 'ACME\u200E\u200F'],
    ['company', 'ACME\u2062Ltd'],
    ['company', 'AC\uFEFFME'],
  ] as const) {
    const res = await app.inject(post(await withFormToken(app, validInquiry({ [field]: value }))))
    t.equal(res.statusCode, 422, `${field} with U+${value.codePointAt(value.search(/[^\p{L}\p{N}]/u))!.toString(16).toUpperCase()}`)
    t.same(res.json().errors, { [field]: refusal })
  }
  const en = await app.inject(post(await withFormToken(app, validInquiry({ locale: 'en', company: 'ACME\u200B' }))))
  t.same(en.json().errors, { company: 'Line breaks, tabs, invisible characters (such as zero-width spaces) and other control characters cannot be used here.' })
  t.equal(count(dataDir), 0)
  const message = await app.inject(post(await withFormToken(app, validInquiry({ message: 'see\u200Bhere 👨\u200D👩' }))))
  t.equal(message.statusCode, 201, 'the message keeps them (staff are shown them as escapes)')
})

t.test('429 with Retry-After once the budget is spent; form POSTs share it', async (t) => {
  const { app, dataDir } = await contactApp(t, { rateLimitMax: 2, rateLimitWindowMs: 60_000 })
  t.equal((await app.inject(post(await withFormToken(app, validInquiry())))).statusCode, 201)
  t.equal((await app.inject({ method: 'POST', url: '/en/contact', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'step=edit' })).statusCode, 403, 'a form POST spends the budget too')
  const limited = await app.inject(post(validInquiry({ locale: 'en' })))
  t.equal(limited.statusCode, 429)
  t.ok(Number(limited.headers['retry-after']) > 0, 'Retry-After in seconds')
  t.same(limited.json(), { message: 'Too many requests in a short time. Please wait a moment and try again.' }, 'refused once the body is read: its locale, no Accept-Language')
  const ja = await app.inject(post(validInquiry({ locale: 'ja' }), { 'accept-language': 'en-GB' }))
  t.equal(ja.statusCode, 429)
  t.match(ja.json().message, /しばらく待って/, 'the body\'s locale wins over Accept-Language')
  const noLocale = await app.inject(post(validInquiry({ locale: undefined }), { 'accept-language': 'en-GB' }))
  t.equal(noLocale.statusCode, 429)
  t.match(noLocale.json().message, /Too many requests/, 'no locale in the body: Accept-Language')
  t.equal(count(dataDir), 1)
  t.equal((await app.inject('/contact')).statusCode, 200, 'reading the form is not limited')
})

t.test('other methods and paths under /api answer JSON 404', async (t) => {
  const { app } = await contactApp(t)
  const res = await app.inject('/api/contact')
  t.equal(res.statusCode, 404)
  t.match(res.headers['content-type'], /application\/json/)
})
