import t from 'tap'
import { SITE } from '../../helper'
import { startSmtp } from '../contact/smtp'
import { addAccount, clock } from '../staff/web-helper'
import { DAY, jobsApp, jst, sideStore, storeInquiry, triage, until } from './jobs-helper'

// The daily digest through the real app (SQLite) and a real SMTP server, the jobs run on the staff
// area's injected clock: who gets one, in which language, what it lists, and hostile names inert.

const HOSTILE = '山田\u202Eevil\n偽の行: 1 <script>alert(1)</script>\u200B'
const MESSAGE = 'この本文はダイジェストに載らない'
// A day the real clock has passed: the outbox sends a row when its (real) time reaches the row's, the injected one's.
const START = jst(2025, 11, 26, 9)

t.test('the digest: at the hour, once a day, to responders (and admins with assigned inquiries), in their language', async (t) => {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const time = clock(jst(2025, 11, 26, 8, 59))
  const { app, dataDir } = await jobsApp(t, time, { smtpPort: smtp.port, inbox: { digestHour: 9, digestStaleDays: 2 } })
  const store = await sideStore(t, app, dataDir)
  const rJa = await addAccount(app, time, 'responder', 'hanako@example.test')
  const rEn = await addAccount(app, time, 'responder', 'jane@example.test')
  await app.staffStore.updateAccount(rEn.account.id, { locale: 'en', name: 'Jane Smith' }, { at: time.now(), accountId: null, address: 'cli', action: 'account.change', target: `account:${rEn.account.id}`, outcome: 'ok' })
  const admin = await addAccount(app, time, 'admin', 'boss@example.test')
  await addAccount(app, time, 'admin', 'idle-admin@example.test')
  await addAccount(app, time, 'editor', 'editor@example.test')
  const gone = await addAccount(app, time, 'responder', 'gone@example.test')
  await app.staffStore.updateAccount(gone.account.id, { disabled: true }, { at: time.now(), accountId: null, address: 'cli', action: 'account.disable', target: `account:${gone.account.id}`, outcome: 'ok' })

  const received = START - DAY // 25 November, 09:00 in Tokyo
  const hostile = await storeInquiry(store, received, { name: HOSTILE, message: MESSAGE, inquiryType: 'renovation' })
  const stale = await storeInquiry(store, START - 3 * DAY, { name: '古川 次郎', message: MESSAGE })
  const fresh = await storeInquiry(store, START - DAY, { name: '新田 三郎' })
  const adminsOwn = await storeInquiry(store, START - DAY, { name: '管理 四郎' })
  const doneOne = await storeInquiry(store, START - DAY, { name: '完了 五郎' })
  await triage(app, hostile, time.now(), { assigneeId: rJa.account.id, status: 'in-progress' })
  await triage(app, adminsOwn, time.now(), { assigneeId: admin.account.id, status: 'waiting' })
  await triage(app, doneOne, time.now(), { assigneeId: rJa.account.id, status: 'done' })
  await until(() => smtp.mails.length === 10) // each inquiry's staff mail and auto-reply
  const before = smtp.mails.length

  t.same((await app.inboxJobs.run(time.now())).digest, null, '08:59: not yet')
  time.set(jst(2025, 11, 26, 9, 0))
  const run = await app.inboxJobs.run(time.now())
  t.same(run.digest, { recipients: 4, queued: 3 }, '09:00: three digests (the idle admin has nothing to read)')
  await until(() => smtp.mails.length === before + 3)
  const digests = smtp.mails.slice(before)
  t.same(digests.map((m) => m.to[0]).sort(), ['boss@example.test', 'hanako@example.test', 'jane@example.test'])
  const to = (address: string) => digests.find((m) => m.to[0] === address)!

  const ja = to('hanako@example.test')
  t.equal(ja.from, 'noreply@example.test')
  t.equal(ja.headers['auto-submitted'], 'auto-generated')
  t.equal(ja.headers.subject, '[問い合わせ] 2025年11月26日 のダイジェスト（担当 1件・新規のまま 1件）')
  t.match(ja.text, /^responder 太郎 さん\n/)
  t.match(ja.text, '■ あなたが担当している未完了の問い合わせ（1件）')
  t.match(ja.text, `- ${hostile}  2025/11/25 9:00（日本時間）  改修・リフォームのご相談  対応中\n`)
  t.match(ja.text, '  お名前: 山田\\u202Eevil\\n偽の行: 1 <script>alert(1)</script>\\u200B\n', 'the name inert, on one line')
  t.match(ja.text, '  担当: responder 太郎\n')
  t.match(ja.text, `  ${SITE}/admin/inquiries/${hostile}\n`)
  t.match(ja.text, '■ 2日以上「新規」のままの問い合わせ（1件）')
  t.match(ja.text, `- ${stale}  `)
  t.match(ja.text, '  担当: 未割り当て\n')
  t.notMatch(ja.text, /\u202E|\u200B/, 'no invisible or bidi character as such')
  t.notMatch(ja.text, /^偽の行/m, 'a line break in a name adds no line')
  t.notMatch(ja.text, MESSAGE, 'no message')
  t.notMatch(ja.text, /taro@example\.com|03-1234-5678/, 'no address or phone')
  t.notMatch(ja.text, new RegExp(`${fresh}|${doneOne}|${adminsOwn}`), 'not a fresh, a closed or another\'s inquiry')
  t.match(ja.text, `このメールは毎日 9時（日本時間）に自動で送信しています。受信箱: ${SITE}/admin/inquiries\n`)

  const en = to('jane@example.test')
  t.equal(en.headers.subject, '[Inquiries] Digest for November 26, 2025 (0 assigned to you, 1 still new)')
  t.match(en.text, /^Hello Jane Smith,\n/)
  t.match(en.text, '■ Inquiries still new after 2 days (1)')
  t.match(en.text, `- ${stale}  Nov 23, 2025, 9:00 AM (JST)  Request an estimate  New\n`)
  t.notMatch(en.text, 'assigned to you (', 'no empty section')

  const boss = to('boss@example.test')
  t.match(boss.text, `- ${adminsOwn}  `)
  t.match(boss.text, 'お客様の返答待ち')
  t.notMatch(boss.text, stale, 'an admin gets the stale list only when no responder would')

  t.same((await app.inboxJobs.run(jst(2025, 11, 26, 10))).digest, null, 'once a day')
  const next = await app.inboxJobs.run(jst(2025, 11, 27, 15))
  t.same(next.digest, { recipients: 4, queued: 3 }, 'the next day, at its first look after the hour')
  await until(() => smtp.mails.length === before + 6)
  t.match(to('hanako@example.test').headers.subject, '2025年11月26日', 'the first day\'s')
  t.ok(smtp.mails.slice(before + 3).some((m) => m.headers.subject?.includes('2025年11月27日')), 'and the next day\'s')
})

t.test('no responder: the admins get the stale list; INBOX_DIGEST_HOUR=off: no digest', async (t) => {
  const smtp = await startSmtp()
  t.teardown(smtp.close)
  const time = clock(jst(2025, 11, 26, 12))
  const { app, dataDir } = await jobsApp(t, time, { smtpPort: smtp.port })
  const store = await sideStore(t, app, dataDir)
  await addAccount(app, time, 'admin', 'solo@example.test')
  const stale = await storeInquiry(store, time.now() - 5 * DAY)
  await until(() => smtp.mails.length === 2)
  t.same((await app.inboxJobs.run(time.now())).digest, { recipients: 1, queued: 1 })
  await until(() => smtp.mails.length === 3)
  t.match(smtp.mails[2]!.text, `- ${stale}  `)

  const off = await jobsApp(t, time, { smtpPort: smtp.port, inbox: { digestHour: null } })
  await addAccount(off.app, time, 'responder')
  await storeInquiry(await sideStore(t, off.app, off.dataDir), time.now() - 5 * DAY)
  t.same((await off.app.inboxJobs.run(time.now())).digest, null, 'off')
})
