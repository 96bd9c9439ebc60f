// Replies and retries on /admin/inquiries/:id (SQLite): a reply goes to the outbox with the right payload
// (To the inquiry's address, Reply-To the company's, the subject and body as edited), moves the status to
// 'waiting' (or keeps it), shows in the history with its delivery state; it is sent only once confirmed;
// a subject with CR/LF, too long a subject or body is refused (localised 422), a body of 20,000 kanji is
// not too large a request; a failed mail is shown with its error (inert) and can be made pending again.
import t from 'tap'
import type { ClaimedOutboxMail } from '../../../server/outbox/types'
import { clock } from '../staff/web-helper'
import { addInquiry, inboxApp, mailOutcome, openInquiry, postInquiry, rendered, staffMember, stateOf, textOf } from './detail-helper'

t.test('a reply: queued with its payload, the status to waiting, in the history with its state', async (t) => {
  const time = clock()
  const { app, seed } = await inboxApp(t, time)
  const id = await addInquiry(seed, { email: 'hanako@example.com' }, 'ja')
  const staff = await staffMember(app, time, 'responder')
  const { subject, body } = stateOf(await openInquiry(app, staff, id)).data.reply.form
  const edited = body.replace('（ここにご回答を書いてください）', 'お見積りを添付いたします。\r\nご確認ください。')

  const step = await postInquiry(app, staff, id, 'reply', { subject, body: edited, status: 'waiting', confirmed: '' })
  t.equal(step.statusCode, 200, 'without the dialog: a confirmation step first')
  t.match(rendered(step), /data-confirm="reply"/)
  t.match(textOf(rendered(step), 'data-confirm="reply"'), 'hanako@example.com に返信を送ります。状態は「お客様の返信待ち」になります。')
  t.equal((await app.inboxStore.detail(id))!.mails.filter((m) => m.kind === 'reply').length, 0, 'nothing queued yet')

  const sent = await postInquiry(app, staff, id, 'reply', { subject, body: edited, status: 'waiting', confirmed: '1' })
  t.equal(sent.statusCode, 303)
  t.equal(sent.headers.location, `/admin/inquiries/${id}?notice=replied`)
  const detail = (await app.inboxStore.detail(id))!
  t.equal(detail.inquiry.status, 'waiting', 'waiting for the customer')
  const mail = detail.mails.find((m) => m.kind === 'reply')!
  t.equal(mail.status, 'pending')
  let claimed: ClaimedOutboxMail | null = null
  for (let i = 0; i < 5 && claimed?.kind !== 'reply'; i++) claimed = (await seed.claimMail(time.now(), 60_000)) as ClaimedOutboxMail | null
  t.equal(claimed?.seq, mail.seq)
  t.same(JSON.parse(claimed!.payload!), { to: 'hanako@example.com', replyTo: 'info@example.test', subject, body: edited.replace(/\r\n/g, '\n') }, 'To the inquiry, Reply-To the company (content site.yml), as edited')
  const audit = await app.staffStore.listAudit({ action: 'inquiry.reply' })
  t.equal(audit.length, 1)
  t.equal(audit[0]!.target, `inquiry:${id}`)

  const html = rendered(await openInquiry(app, staff, id, '?notice=replied'))
  t.match(html, /data-notice="replied"/)
  t.match(textOf(html, 'data-history=""'), `${staff.who.account.name} が hanako@example.com 宛ての返信を送信待ちにしました`)
  t.match(html, /data-event="reply"(?:(?!<\/li>)[^])*data-mail-state="pending"/, 'the reply in the history with its delivery state')
  t.match(html, /data-event="status"/, 'and the status change')

  const kept = await postInquiry(app, staff, id, 'reply', { subject: 'もう一点', body: '追記です。', status: 'keep', confirmed: '1' })
  t.equal(kept.statusCode, 303)
  t.equal((await app.inboxStore.detail(id))!.inquiry.status, 'waiting', 'keep: the status as it was')
  const done = await postInquiry(app, staff, id, 'reply', { subject: '完了', body: 'ありがとうございました。', status: 'done', confirmed: '1' })
  t.equal(done.statusCode, 303)
  t.equal((await app.inboxStore.detail(id))!.inquiry.status, 'done', 'or the status chosen')
})

t.test('the reply\'s limits: CR/LF in the subject refused (no header injection), lengths, localised', async (t) => {
  const time = clock()
  const { app, seed } = await inboxApp(t, time)
  const id = await addInquiry(seed)
  const ja = await staffMember(app, time, 'responder')
  const en = await staffMember(app, time, 'responder', 'en')
  const cases: Array<[Record<string, string>, string, string, string]> = [
    [{ subject: 'Hello\r\nBcc: victim@example.com' }, 'subject', '件名は1行で入力してください', 'The subject must be one line'],
    [{ subject: 'Hello\nBcc: victim@example.com' }, 'subject', '件名は1行で入力してください', 'The subject must be one line'],
    [{ subject: 'Hello\rX-Injected: 1' }, 'subject', '件名は1行で入力してください', 'The subject must be one line'],
    [{ subject: 'Hello\r\n' }, 'subject', '件名は1行で入力してください', 'The subject must be one line'],
    [{ subject: '\u202Eevil' }, 'subject', '件名は1行で入力してください', 'The subject must be one line'],
    [{ subject: '   ' }, 'subject', '件名を入力してください。', 'Enter a subject.'],
    [{ subject: 'あ'.repeat(201) }, 'subject', '件名は200文字以内で入力してください。', 'Keep the subject to 200 characters or fewer.'],
    [{ body: '  \n ' }, 'body', '本文を入力してください。', 'Write the reply.'],
    [{ body: 'あ'.repeat(20_001) }, 'body', '本文は20,000文字以内で入力してください。', 'Keep the reply to 20,000 characters or fewer.'],
    [{ body: 'esc\u001b[2J' }, 'body', '本文に制御文字は使えません', 'The reply cannot hold control characters'],
    [{ status: 'archived' }, 'status', 'ステータスを選んでください。', 'Choose a status.'],
  ]
  for (const [fields, field, jaText, enText] of cases) {
    for (const [who, text] of [[ja, jaText], [en, enText]] as const) {
      const res = await postInquiry(app, who, id, 'reply', { subject: '件名', body: '本文', status: 'waiting', confirmed: '1', ...fields })
      t.equal(res.statusCode, 422, `${field}: ${JSON.stringify(fields).slice(0, 50)}`)
      t.match(textOf(rendered(res), `id="reply-${field}-error"`), text, `${field}: the message`)
    }
  }
  const typed = await postInquiry(app, ja, id, 'reply', { subject: 'a\r\nb', body: '<i>typed</i> reply', status: 'keep', confirmed: '1' })
  t.same(stateOf(typed).data.reply.form, { subject: 'a\r\nb', body: '<i>typed</i> reply', status: 'keep' }, 'what was typed kept')
  t.match(rendered(typed), '&lt;i&gt;typed&lt;/i&gt; reply</textarea>')
  t.equal((await app.inboxStore.detail(id))!.mails.filter((m) => m.kind === 'reply').length, 0, 'nothing queued')

  const long = await postInquiry(app, ja, id, 'reply', { subject: 'い'.repeat(200), body: '漢'.repeat(20_000), status: 'waiting', confirmed: '1' })
  t.equal(long.statusCode, 303, 'a body of 20,000 kanji (180 KB form-encoded) and a 200-character subject go through')
  t.equal((await app.inboxStore.detail(id))!.mails.filter((m) => m.kind === 'reply').length, 1)
})

t.test('mail states: a failed mail with its error (inert), retried to pending; refusals', async (t) => {
  const time = clock()
  const { app, seed } = await inboxApp(t, time)
  const id = await addInquiry(seed)
  const other = await addInquiry(seed)
  const staff = await staffMember(app, time, 'responder')
  const failed = await mailOutcome(seed, id, 'staff', 'failed', time.now())
  const sent = await mailOutcome(seed, id, 'auto-reply', 'sent', time.now())

  const html = rendered(await openInquiry(app, staff, id))
  const row = (seq: number) => new RegExp(`data-mail="[\\w-]+" data-seq="${seq}">((?:(?!</li>)[^])*)</li>`).exec(html)?.[1] ?? ''
  t.match(row(failed), /data-mail-state="failed"/)
  t.match(row(failed), 'SMTP 550 &lt;b&gt;refused&lt;/b&gt;\\r\\n\\u202Ex', 'the last error inert')
  t.match(row(failed), /data-form="retry"/, 'a retry button')
  t.match(row(sent), /data-mail-state="sent"/)
  t.match(row(sent), /<time dateTime="2026-11-26T00:00:[0-9.]+Z"/, 'its sent time')
  t.notOk(row(sent).includes('data-form="retry"'), 'no retry for a sent mail')
  t.match(html, /data-event="mail"/, 'the outcomes in the history')

  const retried = await postInquiry(app, staff, id, 'retry', { seq: String(failed) })
  t.equal(retried.statusCode, 303)
  t.equal(retried.headers.location, `/admin/inquiries/${id}?notice=retried`)
  t.equal((await app.inboxStore.detail(id))!.mails.find((m) => m.seq === failed)!.status, 'pending', 'pending again')
  const audit = await app.staffStore.listAudit({ action: 'inquiry.retry' })
  t.equal(audit.length, 1)
  t.equal(audit[0]!.target, `inquiry:${id}`)
  const after = rendered(await openInquiry(app, staff, id, '?notice=retried'))
  t.match(after, /data-event="retry"/)
  t.match(textOf(after, 'data-history=""'), `${staff.who.account.name} が担当者への通知メールの再送を指示しました`)

  for (const [seq, label] of [[String(sent), 'a sent mail'], [String((await app.inboxStore.detail(other))!.mails[0]!.seq), "another inquiry's mail"], ['abc', 'not a number']] as const) {
    const res = await postInquiry(app, staff, id, 'retry', { seq })
    t.equal(res.statusCode, 409, label)
    t.match(rendered(res), /data-notice="retryRefused"/)
  }
  t.equal((await app.staffStore.listAudit({ action: 'inquiry.retry' })).length, 1, 'refusals change nothing')
})
