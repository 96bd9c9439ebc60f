// Enrolment through the one-time link: the page offers a passkey or a password and an authenticator app
// (QR code drawn on the server, the otpauth:// URI as text); the password policy and the first code are
// checked before the link is used (once); ten recovery codes are shown once; a used or expired link is 410.
// The page speaks the newcomer's language (their browser's, or the language links' choice, which the
// account then keeps), and its authenticator key stays the same at every load until the link is used.
import t from 'tap'
import { createAccounts } from '../../../server/staff/accounts'
import { CLI_ACTOR } from '../../../server/db/actor'
import type { FastifyInstance } from 'fastify'
import { SITE } from '../../helper'
import { clock, codeAt, FORM, LOCAL, postSignIn, sessionCookie, sessionHeaders, staffApp, type Clock } from './web-helper'

async function invite(app: FastifyInstance, time: Clock, email = 'new@example.test') {
  const accounts = createAccounts({ store: app.staffStore, siteUrl: SITE, now: time.now, sessionIdleMs: 30 * 60_000, sessionMaxMs: 12 * 3_600_000, auditRetentionMs: 400 * 86_400_000 })
  const { account, link } = await accounts.addAccount(CLI_ACTOR, { email, role: 'editor', name: '新人 花子' })
  return { account, path: new URL(link.url).pathname }
}

const secretOf = (html: string) => new URL(/data-otpauth-uri="">([^<]+)</.exec(html)![1]!.replace(/&amp;/g, '&')).searchParams.get('secret')!

t.test('the enrolment page: a passkey or a password and an authenticator app', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const { path } = await invite(app, time)
  const page = await app.inject({ url: path, headers: LOCAL })
  t.equal(page.statusCode, 200)
  t.match(page.body, /<title>利用登録 \| 管理画面<\/title>/)
  t.match(page.body, 'new@example.test')
  t.match(page.body, /<svg width="\d+" height="\d+" role="img" aria-label="[^"]+"/, 'a QR code drawn on the server')
  t.match(page.body, /otpauth:\/\/totp\/[^<]*secret=[A-Z2-7]+/, 'the otpauth URI as text')
  t.equal((page.body.match(/autoComplete="new-password"/g) ?? []).length, 2)
  t.match(page.body, 'autoComplete="one-time-code"')
  t.match(page.body, 'data-enrol-passkey=""', 'the passkey choice')
})

t.test('password and code: checked before the link is used; ten recovery codes once; the link then 410', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const { account, path } = await invite(app, time)
  const page = await app.inject({ url: path, headers: LOCAL })
  const secret = secretOf(page.body)
  const post = (fields: Record<string, string>) => app.inject({ method: 'POST', url: path, headers: FORM, payload: new URLSearchParams(fields).toString() })
  const good = 'a long passphrase of mine 2026'
  const cases: [Record<string, string>, string, string][] = [
    [{ password: 'short', confirm: 'short', code: await codeAt(secret, time.now()) }, 'password', '12文字以上にしてください。'],
    [{ password: 'password1234', confirm: 'password1234', code: await codeAt(secret, time.now()) }, 'password', 'よく使われているパスワード'],
    [{ password: good, confirm: `${good}!`, code: await codeAt(secret, time.now()) }, 'confirm', '確認用のパスワードが一致しません。'],
    [{ password: good, confirm: good, code: '000000' }, 'code', '確認コードが正しくありません。'],
  ]
  for (const [fields, name, message] of cases) {
    const res = await post(fields)
    t.equal(res.statusCode, 422, `${name}: ${message}`)
    t.match(res.body, new RegExp(`class="field field--invalid" data-field="${name}"`), 'the field marked')
    t.match(res.body, /data-error-summary=""[\s\S]*href="#enrol-/, 'the error summary links to it')
    t.match(res.body, message)
    t.equal(sessionCookie(res), '')
    t.equal(secretOf(res.body), secret, 'the same secret: the app set up stays right')
  }
  const done = await post({ password: good, confirm: good, code: await codeAt(secret, time.now()) })
  t.equal(done.statusCode, 200)
  const codes = [...done.body.matchAll(/<li><code>([0-9a-z-]{14})<\/code><\/li>/g)].map((m) => m[1]!)
  t.equal(codes.length, 10, 'ten recovery codes')
  t.ok(sessionCookie(done).length >= 43, 'signed in')
  t.equal(await app.staffStore.unusedRecoveryCodes(account.id), 10)
  t.same((await app.staffStore.listAudit({ action: 'password.set' })).map((a) => a.accountId), [account.id])
  t.equal((await app.inject({ url: path, headers: LOCAL })).statusCode, 410, 'used: the link no longer works')
  t.equal((await post({ password: good, confirm: good, code: await codeAt(secret, time.now() + 30_000) })).statusCode, 410)
  time.advance(60_000)
  t.equal((await postSignIn(app, { email: account.email, password: good, code: await codeAt(secret, time.now()) })).statusCode, 303, 'signs in with them')
  t.equal((await postSignIn(app, { email: account.email, password: good, code: codes[0]! })).statusCode, 303, 'or with a recovery code')
})

t.test('a link is good for 24 hours', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const { path } = await invite(app, time)
  time.advance(24 * 3_600_000)
  const late = await app.inject({ url: path, headers: LOCAL })
  t.equal(late.statusCode, 410)
  t.match(late.body, 'data-step="invalid"')
  t.equal((await app.inject({ url: '/admin/enrol/not-a-real-token-at-all-xxxxxxxxxxxxxx', headers: LOCAL })).statusCode, 410, 'an unknown link')
})

/** The language links of a page: the language each links to, by its href. */
const languageLinks = (html: string) => Object.fromEntries([...html.matchAll(/<a href="([^"]+)" hrefLang="[^"]+" lang="([a-z]+)" data-locale/g)].map((m) => [m[2]!, m[1]!.replace(/&amp;/g, '&')]))

t.test("the enrolment page speaks the newcomer's language: the browser's, or the one chosen with its links", async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const { path } = await invite(app, time)
  const open = (url: string, lang?: string) => app.inject({ url, headers: { ...LOCAL, ...(lang ? { 'accept-language': lang } : {}) } })

  const en = await open(path, 'en-US,en;q=0.9')
  t.equal(en.statusCode, 200)
  t.match(en.body, '<html lang="en">', 'an English browser: English')
  t.match(en.body, /<title>Enrolment \| Staff<\/title>/)
  t.match(en.body, 'Start using the staff area')
  t.match(en.body, 'aria-label="QR code for your authenticator app"', 'the QR code named in it too')
  t.same(languageLinks(en.body), { ja: `${path}?lang=ja` }, 'a link to the Japanese page')
  t.match(en.body, `action="${path}?lang=en"`, 'the form keeps the language')

  const ja = await open(path, 'ja,en;q=0.5')
  t.match(ja.body, '<html lang="ja">')
  t.match(ja.body, /<title>利用登録 \| 管理画面<\/title>/)
  t.same(languageLinks(ja.body), { en: `${path}?lang=en` }, 'a link to the English page')
  t.match((await open(path)).body, '<html lang="ja">', 'no language given: Japanese')
  t.match((await open(path, 'fr-FR,de;q=0.8')).body, '<html lang="ja">', 'none of the site\'s: Japanese')

  t.match((await open(`${path}?lang=ja`, 'en-US')).body, '<html lang="ja">', '?lang= over the browser')
  t.match((await open(`${path}?lang=en`, 'ja')).body, '<html lang="en">')
  const gone = await open('/admin/enrol/not-a-real-token-at-all-xxxxxxxxxxxxxx', 'en')
  t.equal(gone.statusCode, 410)
  t.match(gone.body, '<html lang="en">', 'a link that no longer works says so in English too')
  t.ok(languageLinks(gone.body).ja, 'with the links')
})

t.test('a reload offers the same authenticator key; a code from it enrols; the account keeps the page\'s language', async (t) => {
  const time = clock()
  const app = await staffApp(t, time)
  const { account, path } = await invite(app, time)
  const headers = { ...LOCAL, 'accept-language': 'en-GB,en;q=0.9' }
  const first = secretOf((await app.inject({ url: path, headers })).body)
  time.advance(40 * 60_000)
  const again = await app.inject({ url: `${path}?lang=ja`, headers })
  t.equal(secretOf(again.body), first, 'the same key after a reload (and in the other language), 40 minutes later')
  t.match(again.body, /<code class="staff-totp__secret">[A-Z2-7 ]+<\/code>/)
  const other = await invite(app, time, 'other@example.test')
  t.not(secretOf((await app.inject({ url: other.path, headers })).body), first, 'another link: another key')

  const good = 'a long passphrase of mine 2026'
  const done = await app.inject({ method: 'POST', url: path, headers: { ...FORM, 'accept-language': 'en-GB' }, payload: new URLSearchParams({ password: good, confirm: good, code: await codeAt(first, time.now()) }).toString() })
  t.equal(done.statusCode, 200, 'a code from the key shown first completes the enrolment')
  t.match(done.body, 'data-recovery-codes=""')
  t.match(done.body, '<html lang="en">', 'the recovery codes in English')
  t.equal((await app.staffStore.findAccount(account.id))!.locale, 'en', 'the account keeps English')
  t.equal((await app.staffStore.findPasswordFactor(account.id))!.totpSecret, first, 'the key scanned is the one kept')
  const home = await app.inject({ url: '/admin', headers: sessionHeaders(sessionCookie(done)) })
  t.match(home.body, '<html lang="en">', 'and every page after')
})
