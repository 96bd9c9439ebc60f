// Dialogs say what will happen: every confirmation of the staff area names its action, its object and
// what follows, in the staff member's language, with the same words in the dialog (the button's
// data-confirm-title and data-confirm-text, as the server renders them) and in the step the server
// answers without JavaScript (the form sent without confirmed=1). Accounts (disable, enable, a new
// enrolment link, end sessions, a role change), an access token's revocation, a passkey's removal, a
// person's erasure and a reply. Through app.inject on SQLite; nothing is done before the confirmation.
import t from 'tap'
import type { Test } from 'tap'
import type { FastifyInstance } from 'fastify'
import { addInquiry, inboxApp, openInquiry, postInquiry, rendered, staffMember, textOf, type Staff } from '../inbox/detail-helper'
import { dialogOf, sameWords, stepOf } from './confirm-helper'
import { addAccount, clock, field, postForm, withPasskey, type Clock } from './web-helper'

const post = (app: FastifyInstance, who: Staff, url: string, fields: Record<string, string>) => postForm(app, url, who.headers, { _csrf: who.csrf, ...fields })

async function setUp(t: Test, time: Clock) {
  const { app, seed } = await inboxApp(t, time)
  const ja = await staffMember(app, time, 'admin', 'ja')
  const en = await staffMember(app, time, 'admin', 'en')
  return { app, seed, ja, en }
}

t.test("an account's actions name the account and what follows, in each admin's language", async (t) => {
  const time = clock()
  const { app, ja, en } = await setUp(t, time)
  const editor = await addAccount(app, time, 'editor', 'hanako@example.jp')
  const { id, email, name } = editor.account
  const row = `data-account="${email}"`
  const expected = {
    ja: {
      enrol: [`${name}（${email}）の登録リンクを再発行しますか？`, 'このアカウントのパスキー・パスワード・リカバリーコードはすべて削除され、すべてのセッションが終了し、作成したアクセストークンも失効します。表示される新しい登録リンク（24時間有効）を本人に渡してください。認証手段を失ったときに使います。'],
      endSessions: [`${name}（${email}）のすべてのセッションを終了しますか？`, 'すべての端末ですぐにサインアウトされます。アカウントは有効なままで、再びサインインできます。'],
      disable: [`${name}（${email}）のアカウントを無効にしますか？`, 'すべての端末ですぐにサインアウトされ、このアカウントが作成したアクセストークンも失効します。再び有効にするまでサインインできません。'],
      role: [`${name}（${email}）の権限を「問い合わせ担当」に変更しますか？`, '「編集者」から「問い合わせ担当」に変わり、次の操作から問い合わせの対応だけができるようになります。このアカウントが作成したアクセストークンも新しい権限の範囲でしか使えません。'],
      enable: [`${name}（${email}）のアカウントを有効にしますか？`, '「編集者」として再びサインインできるようになります。無効にしたときに失効したアクセストークンは戻りません。'],
    },
    en: {
      enrol: [`Make a new enrolment link for ${name} (${email})?`, 'Every passkey, password and recovery code of the account is removed, every session ends and the access tokens it made are revoked. Give them the new link shown next (good for 24 hours). Use this when a factor is lost.'],
      endSessions: [`End every session of ${name} (${email})?`, 'They are signed out everywhere at once. The account stays enabled and can sign in again.'],
      disable: [`Disable the account of ${name} (${email})?`, 'They are signed out everywhere at once, and the access tokens the account made are revoked. They cannot sign in until the account is enabled again.'],
      role: [`Change the role of ${name} (${email}) to Responder?`, 'From Editor to Responder: from their next step on, they may work on inquiries only. The access tokens the account made work within the new role only.'],
      enable: [`Enable the account of ${name} (${email})?`, 'They can sign in again, as Editor. The access tokens revoked when it was disabled do not come back.'],
    },
  } as const
  for (const [lang, admin] of [['ja', ja], ['en', en]] as const) {
    const page = await app.inject({ url: '/admin/accounts', headers: admin.headers })
    for (const op of ['enrol', 'endSessions', 'disable'] as const) {
      const step = await post(app, admin, '/admin/accounts', { op, account: id, confirmed: '' })
      t.equal(step.statusCode, 200)
      sameWords(t, dialogOf(page, row, `data-op="${op}"`), stepOf(step, op), expected[lang][op], `${lang} ${op}`)
    }
    const role = await post(app, admin, '/admin/accounts', { op: 'role', account: id, role: 'responder', confirmed: '' })
    const [title, text] = expected[lang].role
    t.equal(textOf(rendered(role), 'id="confirm-step-title"'), title, `${lang} role: the step names the new role`)
    t.ok(stepOf(role, 'role').includes(text), `${lang} role: and what it may do`)
    t.match(dialogOf(page, row, 'data-op="role"').title, lang === 'ja' ? '「編集者」に変更しますか？' : 'to Editor?', `${lang} role: the dialog names the role chosen (the one shown first)`)
  }
  const store = app.staffStore
  t.match(await store.findAccount(id), { disabled: false, role: 'editor' }, 'nothing done without the confirmation')
  t.not(await store.findPasswordFactor(id), null)

  t.equal((await post(app, ja, '/admin/accounts', { op: 'disable', account: id, confirmed: '1' })).statusCode, 200)
  for (const [lang, admin] of [['ja', ja], ['en', en]] as const) {
    const page = await app.inject({ url: '/admin/accounts', headers: admin.headers })
    const step = await post(app, admin, '/admin/accounts', { op: 'enable', account: id, confirmed: '' })
    sameWords(t, dialogOf(page, row, 'data-op="enable"'), stepOf(step, 'enable'), expected[lang].enable, `${lang} enable`)
  }
  t.equal((await store.findAccount(id))!.disabled, true, 'still disabled until confirmed')
})


t.test('a token, a passkey, a person and a reply: which one, to whom, and what follows', async (t) => {
  const time = clock()
  const { app, seed, ja, en } = await setUp(t, time)
  t.equal((await post(app, ja, '/admin/tokens', { op: 'create', name: 'CI deploy', role: 'responder', days: '30' })).statusCode, 200)
  const token = field((await app.inject({ url: '/admin/tokens', headers: ja.headers })).body, 'token')
  for (const who of [ja, en]) await withPasskey(app, who.who, time.now())
  const id = await addInquiry(seed, { email: 'yamada.taro@example.jp' })
  const expected = {
    ja: {
      revoke: ['アクセストークン「CI deploy」を失効させますか？', 'このトークンを使う連携は、次のリクエストから拒否されます（401）。元に戻せません。必要なら新しいトークンを作成してください。'],
      remove: ['パスキー「Laptop」を削除しますか？', 'このパスキーではこのアカウントにサインインできなくなります。端末に保存されたパスキーそのものは、端末の設定から別に削除してください。'],
      erase: ['yamada.taro@example.jp の個人情報を消去しますか？', '1件の問い合わせから、お名前・連絡先・内容・メモと返信の本文・送信待ちのメールを消去します。受付番号、日付、種別、状態だけが残ります。元に戻せません。'],
      reply: ['返信を送信しますか？', 'yamada.taro@example.jp に返信を送ります。状態は「お客様の返信待ち」になります。'],
      keep: 'yamada.taro@example.jp に返信を送ります。状態は「新規」のままです。',
    },
    en: {
      revoke: ['Revoke the access token “CI deploy”?', 'Integrations using it are refused (401) from their next request on. This cannot be undone: create a new token if one is needed.'],
      remove: ['Remove the passkey “Laptop”?', 'It no longer signs you in to this account. The passkey itself stays on the device until you remove it in the device’s settings.'],
      erase: ['Erase the personal data of yamada.taro@example.jp?', 'The name, contact details, message, the text of notes and replies and the pending mail of one inquiry are erased. Only the reference, dates, type and status remain. This cannot be undone.'],
      reply: ['Send this reply?', 'Send the reply to yamada.taro@example.jp. The inquiry becomes “Waiting for customer”.'],
      keep: 'Send the reply to yamada.taro@example.jp. The inquiry stays “New”.',
    },
  } as const
  for (const [lang, admin] of [['ja', ja], ['en', en]] as const) {
    const words = expected[lang]
    const tokens = await app.inject({ url: '/admin/tokens', headers: admin.headers })
    const revoke = await post(app, admin, '/admin/tokens', { op: 'revoke', token, confirmed: '' })
    sameWords(t, dialogOf(tokens, 'data-op="revoke"'), stepOf(revoke, 'revoke'), words.revoke, `${lang} revoke`)

    const security = await app.inject({ url: '/admin/security', headers: admin.headers })
    const remove = await post(app, admin, '/admin/security', { op: 'remove', passkey: field(security.body, 'passkey'), confirmed: '' })
    sameWords(t, dialogOf(security, 'data-op="remove"'), stepOf(remove, 'remove'), words.remove, `${lang} passkey`)

    const person = await post(app, admin, '/admin/inquiries/person', { email: 'yamada.taro@example.jp' })
    const erase = await post(app, admin, '/admin/inquiries/person/erase', { email: 'yamada.taro@example.jp', confirmed: '' })
    sameWords(t, dialogOf(person, 'data-form="erase"'), stepOf(erase, 'erase'), words.erase, `${lang} erase`)

    const inquiry = await openInquiry(app, admin, id)
    const reply = await postInquiry(app, admin, id, 'reply', { subject: '件名', body: '本文', status: 'waiting', confirmed: '' })
    sameWords(t, dialogOf(inquiry, 'data-form="reply"'), stepOf(reply, 'reply'), words.reply, `${lang} reply`)
    const keep = await postInquiry(app, admin, id, 'reply', { subject: '件名', body: '本文', status: 'keep', confirmed: '' })
    t.ok(stepOf(keep, 'reply').includes(words.keep), `${lang} reply keeping the status: says it stays`)
  }
  t.equal((await app.staffStore.listAccessTokens())[0]!.revokedAt, null, 'nothing done without the confirmation')
  t.equal((await app.staffStore.listPasskeys(ja.who.account.id)).length, 1)
  const detail = (await app.inboxStore.detail(id))!
  t.equal(detail.inquiry.erasedAt, null)
  t.equal(detail.mails.filter((m) => m.kind === 'reply').length, 0)
})
