// Inquiries for the inbox pages' tests, written through the real inquiry store (a second connection on the
// app's database, as another replica would): known people, times, types, languages, statuses, an assignee,
// every mail state, hostile text, and enough old ones for a second page.
import type { Actor, TriageChange } from '../../../server/inbox/types'
import type { Locale } from '../../../shared/i18n/locales'
import type { ContactValues } from '../../../shared/pages/contact/values'
import { addInquiry } from './detail-helper'
import type { SiteStores } from '../stores'

const HOUR = 3_600_000

/** What a visitor may type, stored as typed (the store takes it without the form's checks). */
export const HOSTILE = {
  script: '<script>alert(1)</script>',
  formula: '=HYPERLINK("http://evil.example","click")',
  rtl: '\u202eテスト.exe',
  controls: 'esc\u001b[31mred\u0007bell\u0000nul',
  long: 'W'.repeat(10_000),
}

/** An inquiry of the fixture: the valid sample (detail-helper.ts) without furigana, company or phone, of type 'other', unless given. */
const add = (store: SiteStores, at: number, over: Partial<ContactValues> = {}, locale: Locale = 'ja') => addInquiry(store, { nameKana: '', company: '', phone: '', inquiryType: 'other', ...over }, locale, at)

const audit = (id: string, at: number, accountId: string | null) => ({ at, accountId, address: '192.0.2.9', action: 'inquiry.change', target: `inquiry:${id}`, outcome: 'ok' as const })

export async function change(store: SiteStores, id: string, what: TriageChange, at: number, accountId: string | null = null) {
  const actor: Actor = { accountId, role: null, address: '192.0.2.9' }
  const outcome = await store.inbox.change(id, what, actor, at, audit(id, at, accountId))
  if (outcome !== 'changed') throw new Error(`change of ${id}: ${outcome}`)
}

export interface SeededInbox {
  /** やまだ はなこ (ヤマダハナコ): estimate, Japanese, new; staff mail sent, auto-reply failed. 08:00 JST on the 26th. */
  yamada: string
  /** <script> name, U+202E furigana, =HYPERLINK company. 07:00 JST on the 26th. */
  script: string
  /** A 10,000-character name, control characters in the company. 06:00 JST on the 26th. */
  long: string
  /** John Smith (Smith & Co): renovation, English, in progress, assigned. 07:00 JST on the 25th. */
  smith: string
  /** 佐藤 一郎: recruitment, spam (its mail cancelled). 07:00 JST on the 24th. */
  sato: string
  /** Waiting Person: other, waiting. 07:00 JST on the 23rd. */
  waiting: string
  /** 55 older ones (new-construction, new), ten days before. */
  bulk: string[]
}

/**
 * Writes the inquiries (61 in all) received before `now`, oldest first as they would arrive; `assignee` gets
 * John Smith's. Then the outbox: やまだ's staff mail sent and auto-reply given up on; every other mail claimed
 * by a worker that has not finished (still pending), or cancelled with its inquiry (spam). PostgreSQL's text
 * cannot hold U+0000 (the form refuses control characters before): pass `controls` without it there.
 */
export async function seedInbox(store: SiteStores, now: number, assignee: string, controls = HOSTILE.controls): Promise<SeededInbox> {
  const bulk: string[] = []
  for (let i = 54; i >= 0; i--) bulk.unshift(await add(store, now - 240 * HOUR - i * HOUR, { name: `Bulk ${i}`, inquiryType: 'new-construction' }))
  const waiting = await add(store, now - 74 * HOUR, { name: 'Waiting Person' })
  await change(store, waiting, { status: 'waiting' }, now - 73 * HOUR)
  const sato = await add(store, now - 50 * HOUR, { name: '佐藤 一郎', inquiryType: 'recruitment' })
  await change(store, sato, { status: 'spam' }, now - 49 * HOUR)
  const smith = await add(store, now - 26 * HOUR, { name: 'John Smith', company: 'Smith & Co', email: 'john@example.test', inquiryType: 'renovation' }, 'en')
  await change(store, smith, { status: 'in-progress', assigneeId: assignee }, now - 25 * HOUR, assignee)
  const long = await add(store, now - 3 * HOUR, { name: HOSTILE.long, company: controls })
  const script = await add(store, now - 2 * HOUR, { name: HOSTILE.script, nameKana: HOSTILE.rtl, company: HOSTILE.formula, message: HOSTILE.long })
  const yamada = await add(store, now - HOUR, { name: 'やまだ はなこ', nameKana: 'ヤマダハナコ', company: '山田工務店', inquiryType: 'estimate' })
  for (let mail = await store.claimMail(now, 365 * 24 * HOUR); mail; mail = await store.claimMail(now, 365 * 24 * HOUR)) {
    if (mail.inquiryId !== yamada) continue
    if (mail.kind === 'staff') await store.mailSent(mail, new Date(now))
    else if (mail.kind === 'auto-reply') await store.mailFailed(mail, { giveUp: true, nextAttemptAt: now, error: '550 no such user' })
  }
  return { yamada, script, long, smith, sato, waiting, bulk }
}
