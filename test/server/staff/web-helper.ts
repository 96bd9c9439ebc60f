// The staff area through the real app (app.inject, loopback Host): a clock the tests move, accounts
// with real factors in the real store, sign-in through the real form, the session cookie as the
// browser would keep it.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generate } from 'otplib'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Config } from '../../../server/config'
import { hashPassword } from '../../../server/staff/password'
import { newRecoveryCodes } from '../../../server/staff/recovery-codes'
import { SESSION_COOKIE } from '../../../server/staff/http/session'
import { newTotpSecret } from '../../../server/staff/totp'
import type { Account, AuditRecord, Role, StaffStore } from '../../../server/staff/types'
import { build, SITE } from '../../helper'
import { SoftAuthenticator } from './soft-authenticator'

/** 2026-11-26 00:00:00 UTC, and a clock the test moves. */
export const START = Date.UTC(2026, 10, 26)
export function clock(start = START) {
  let now = start
  return { now: () => now, advance: (ms: number) => void (now += ms), set: (ms: number) => void (now = ms) }
}

export type Clock = ReturnType<typeof clock>

/** The app with the staff clock, on a database of its own (a fresh DATA_DIR) unless overrides name one. */
export async function staffApp(t: { teardown: (fn: () => unknown) => void }, time: Clock = clock(), overrides: Partial<Config> = {}): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'staff-web-'))
  const app = await build(t, { dataDir, ...overrides }, { staff: { now: time.now } })
  t.teardown(() => rmSync(dataDir, { recursive: true, force: true }))
  return app
}

export interface TestAccount {
  account: Account
  password: string
  totpSecret: string
  recoveryCodes: string[]
}

/** An account with a password and TOTP factor, as enrolment would leave it. */
export function addAccount(app: FastifyInstance, time: Clock, role: Role = 'admin', email?: string): Promise<TestAccount> {
  return addAccountTo(app.staffStore, time, role, email)
}

/** The same in a staff store of its own (a database a built server is then started on). */
export async function addAccountTo(store: StaffStore, time: Pick<Clock, 'now'>, role: Role = 'admin', email = `${role}-${randomUUID().slice(0, 8)}@example.test`): Promise<TestAccount> {
  const account: Account = { id: randomUUID(), email, name: `${role} 太郎`, role, locale: 'ja', disabled: false, createdAt: time.now() }
  const audit = (action: string) => ({ at: time.now(), accountId: null, address: 'cli', action, target: `account:${account.id}`, outcome: 'ok' as const })
  await store.addAccount(account, audit('account.add'))
  const password = `correct horse ${randomUUID()}`
  const totpSecret = newTotpSecret()
  const { codes, hashes } = await newRecoveryCodes()
  await store.setPasswordFactor({ accountId: account.id, passwordHash: await hashPassword(password), totpSecret, lastTotpStep: 0, createdAt: time.now() }, hashes, audit('password.set'))
  return { account, password, totpSecret, recoveryCodes: codes }
}

/** A passkey of the account, held by a software authenticator, in the store (`counter` 0: one that keeps none, as synced passkeys). */
export async function withPasskey(app: FastifyInstance, who: TestAccount, at: number, counter = 0): Promise<SoftAuthenticator> {
  const authenticator = new SoftAuthenticator({ origin: SITE, rpID: new URL(SITE).hostname, userId: who.account.id, counter })
  const passkey = { id: authenticator.id, accountId: who.account.id, name: 'Laptop', publicKey: Buffer.from(authenticator.cosePublicKey()).toString('base64url'), counter, transports: ['internal'], createdAt: at, lastUsedAt: null }
  await app.staffStore.addPasskey(passkey, { at, accountId: who.account.id, address: 'cli', action: 'passkey.add', target: '', outcome: 'ok' })
  return authenticator
}
/** How many audit entries rows count (a row of repeats counts each anonymous refusal or failure of its hour). */
export const entries = (rows: AuditRecord[]) => rows.reduce((n, r) => n + r.repeats, 0)

/** The TOTP code of a secret at an instant. */
export const codeAt = (secret: string, nowMs: number) => generate({ secret, epoch: Math.floor(nowMs / 1000) })

export const LOCAL = { host: 'localhost' }
export const FORM = { ...LOCAL, 'content-type': 'application/x-www-form-urlencoded' }

/** The value of a hidden field of a page ('' when absent). */
export function field(html: string, name: string): string {
  return new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1]?.replace(/&amp;/g, '&') ?? ''
}

/** The session cookie a response sets ('' when none, or when it clears it). */
export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE)
  return cookie?.value ?? ''
}

/** The headers of a request with a session cookie (the browser's, on this machine). */
export const sessionHeaders = (cookie: string) => ({ ...LOCAL, cookie: `${SESSION_COOKIE}=${cookie}` })

/** POSTs the sign-in form as a browser would (token from a fresh GET). */
export async function postSignIn(app: FastifyInstance, fields: { email: string; password: string; code: string }, headers: Record<string, string> = {}) {
  const page = await app.inject({ url: '/admin/sign-in', headers: LOCAL })
  const body = new URLSearchParams({ _token: field(page.body, '_token'), ...fields }).toString()
  return app.inject({ method: 'POST', url: '/admin/sign-in', headers: { ...FORM, ...headers }, payload: body })
}

/** Signs in with password and code: the session cookie and the session's synchronizer token. */
export async function signIn(app: FastifyInstance, time: Clock, who: TestAccount, headers: Record<string, string> = {}) {
  const res = await postSignIn(app, { email: who.account.email, password: who.password, code: await codeAt(who.totpSecret, time.now()) }, headers)
  if (res.statusCode !== 303) throw new Error(`sign-in failed: ${res.statusCode}`)
  const cookie = sessionCookie(res)
  const home = await app.inject({ url: '/admin', headers: sessionHeaders(cookie) })
  return { cookie, csrf: field(home.body, '_csrf'), headers: sessionHeaders(cookie) }
}

/**
 * The app with an admin signed in (`admin`: the session's headers and token), and accounts of the
 * other roles made before that sign-in (`others`, in order).
 */
export async function signedInAdmin<R extends Role[]>(t: { teardown: (fn: () => unknown) => void }, time: Clock, ...roles: R) {
  const app = await staffApp(t, time)
  const adminAccount = await addAccount(app, time, 'admin')
  const others: TestAccount[] = []
  for (const role of roles) others.push(await addAccount(app, time, role))
  const admin = await signIn(app, time, adminAccount)
  return { app, adminAccount, others: others as { [K in keyof R]: TestAccount }, admin }
}

/** POSTs a form to a staff page as a browser would. */
export const postForm = (app: FastifyInstance, url: string, headers: Record<string, string>, fields: Record<string, string>) =>
  app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': FORM['content-type'] }, payload: new URLSearchParams(fields).toString() })

/** POSTs JSON to a staff endpoint as the pages' script does (same origin, the session's token in x-csrf-token). */
export const postJson = (app: FastifyInstance, url: string, headers: Record<string, string>, csrf: string, body: object) =>
  app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': 'application/json', origin: SITE, 'x-csrf-token': csrf }, payload: JSON.stringify(body) })
