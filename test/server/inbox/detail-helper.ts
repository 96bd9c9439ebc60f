// One inquiry's page through the real app (app.inject, loopback Host): inquiries stored by a second
// store on the same database (as another replica would: the contact form refuses hostile values, older
// rows and imports need not have), staff accounts signed in through the real form, mail outcomes
// written as the outbox worker writes them (claim, then sent or failed).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Config } from '../../../server/config'
import { openDatabase } from '../../../server/database'
import type { Role } from '../../../server/staff/types'
import type { Locale } from '../../../shared/i18n/locales'
import { normalizeContact } from '../../../shared/pages/contact/normalize'
import type { ContactValues } from '../../../shared/pages/contact/values'
import { validInquiry } from '../contact/helper'
import { addAccount, LOCAL, postForm, signIn, staffApp, START, type Clock, type TestAccount } from '../staff/web-helper'
import { SITE } from '../../helper'
import { pgStores, sqliteStores, type SiteStores } from '../stores'

/** A message a visitor could send to hurt a reader: markup, a formula, a bidi override, every C0 control, a 300-character word; 10,000 characters. */
export function hostileMessage(): string {
  const controls = Array.from({ length: 32 }, (_, c) => c)
    .filter((c) => c !== 9 && c !== 10 && c !== 13)
    .map((c) => `${String.fromCharCode(c)}c${c}`)
    .join('')
  let text = `<script>alert(1)</script>\n=HYPERLINK("http://x")\n\u202Eevil-rtl\u202C end\n${controls}\n${'W'.repeat(300)}\n`
  while (text.length < 10_000) text += '外壁の塗装について相談したいです。\n'
  return text.slice(0, 10_000)
}

/** Hostile one-line fields (the message aside). */
export const HOSTILE: Partial<ContactValues> = {
  name: '<script>alert(1)</script>\u202Eevil\nname\u0000',
  nameKana: '=HYPERLINK("http://x")',
  company: '<b>Bold & Co</b>\u0007\u001f',
  phone: '03\u202E1234',
}

export interface InboxApp {
  app: FastifyInstance
  /** Another store on the same database: stores inquiries and plays the outbox worker. */
  seed: SiteStores
}

/** The app on a database of its own (SQLite in a fresh DATA_DIR, or `databaseUrl`), and a second store on it. */
export async function inboxApp(t: { teardown: (fn: () => unknown) => void }, time: Clock, overrides: Partial<Config> = {}): Promise<InboxApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'inbox-detail-'))
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  const app = await staffApp(t, time, { dataDir, ...overrides })
  const seed = overrides.databaseUrl ? await pgStores(overrides.databaseUrl, { poolSize: 2 }) : sqliteStores(openDatabase(dataDir))
  t.teardown(() => seed.close())
  return { app, seed }
}

/** Stores an inquiry (the valid sample with `values` over it) received at `at`: its id (reference). */
export async function addInquiry(seed: SiteStores, values: Partial<ContactValues> = {}, locale: Locale = 'ja', at = START): Promise<string> {
  const base = normalizeContact(validInquiry({ locale }), locale)
  const { id } = await seed.insert({ values: { ...base, ...values }, locale, token: null, now: new Date(at) })
  return id
}

/** Plays the outbox worker for one mail of an inquiry: claimed, then failed for good (with `error`) or sent. Its seq. */
export async function mailOutcome(seed: SiteStores, inquiryId: string, kind: string, outcome: 'failed' | 'sent', at: number, error = 'SMTP 550 <b>refused</b>\r\n\u202Ex'): Promise<number> {
  for (let i = 0; i < 20; i++) {
    const mail = await seed.claimMail(at, 60_000)
    if (!mail) break
    if (mail.inquiryId !== inquiryId || mail.kind !== kind) continue
    if (outcome === 'sent') await seed.mailSent(mail, new Date(at))
    else await seed.mailFailed(mail, { giveUp: true, nextAttemptAt: at, error })
    return mail.seq
  }
  throw new Error(`no ${kind} mail of ${inquiryId} to claim`)
}

export interface Staff {
  who: TestAccount
  headers: Record<string, string>
  csrf: string
}

/** A staff account of `role` signed in (each sign-in its own TOTP step: the clock moves 30 s), its language `locale`. */
export async function staffMember(app: FastifyInstance, time: Clock, role: Role, locale: Locale = 'ja'): Promise<Staff> {
  const who = await addAccount(app, time, role)
  if (locale !== who.account.locale) await app.staffStore.updateAccount(who.account.id, { locale }, { at: time.now(), accountId: null, address: 'cli', action: 'account.locale', target: `account:${who.account.id}`, outcome: 'ok' })
  time.advance(30_000)
  const session = await signIn(app, time, who)
  return { who, headers: session.headers, csrf: session.csrf }
}

/** The inquiry's page as the staff member opens it. */
export const openInquiry = (app: FastifyInstance, staff: Staff, id: string, query = '') => app.inject({ url: `/admin/inquiries/${encodeURIComponent(id)}${query}`, headers: staff.headers })

/** POSTs one of the page's forms (change, reply, retry) as the browser would: this site's Origin, the session's token unless given. */
export const postInquiry = (app: FastifyInstance, staff: Staff, id: string, form: 'change' | 'reply' | 'retry', fields: Record<string, string>) =>
  postForm(app, `/admin/inquiries/${encodeURIComponent(id)}/${form}`, { ...staff.headers, origin: SITE }, { _csrf: staff.csrf, ...fields })

/** The rendered page (the React root), without the state and messages shipped as JSON after it. */
export function rendered(res: LightMyRequestResponse): string {
  const body = res.body
  return body.slice(body.indexOf('<div id="root">'), body.indexOf('<script type="application/json"'))
}

/** The page state the server shipped (the data the page renders from). */
export function stateOf(res: LightMyRequestResponse): any {
  const m = /<script type="application\/json" id="__staff_state">([\s\S]*?)<\/script>/.exec(res.body)
  if (!m) throw new Error('no staff state')
  return JSON.parse(m[1]!)
}

/** The text of the element carrying `attr` (its first one), tags removed and entities read back. */
export function textOf(html: string, attr: string): string {
  const start = html.indexOf(attr)
  if (start < 0) return ''
  const open = html.indexOf('>', start) + 1
  const tag = /<(\w+)[^>]*$/.exec(html.slice(0, start))?.[1] ?? 'div'
  const close = html.indexOf(`</${tag}>`, open)
  return decode(html.slice(open, close).replace(/<[^>]+>/g, ''))
}

export function decode(html: string): string {
  return html.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&#39;/g, "'").replace(/&amp;/g, '&')
}

export { LOCAL, START }
