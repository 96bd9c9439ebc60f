import { createHmac } from 'node:crypto'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { EnrolData, EnrolFieldError, EnrolTotp } from '../../../shared/admin/enrol/page-data'
import type { StaffAnswer } from '../../../shared/admin/types'
import type { Locale } from '../../../shared/i18n/locales'
import { checkPasswordPolicy, hashPassword } from '../password'
import { qrSvg } from '../qr'
import { newRecoveryCodes } from '../recovery-codes'
import { sha256Hex } from '../tokens'
import { totpSecretOf, totpUri, verifyTotp } from '../totp'
import type { Account } from '../types'
import { staffTranslators } from './catalog'
import { auditOf } from './services'
import { startSession } from './session'

const translators = staffTranslators(() => {})

/** The account of a usable enrolment link (known, unused, unexpired, account enabled), and the link's hash. */
export async function enrolmentOf(req: FastifyRequest, token: string): Promise<{ account: Account; tokenHash: string } | null> {
  const { store, now } = req.server.staffArea
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const tokenHash = sha256Hex(token)
  const link = await store.findEnrolmentLink(tokenHash)
  if (!link || link.usedAt !== null || link.expiresAt <= now()) return null
  const account = await store.findAccount(link.accountId)
  return account && !account.disabled ? { account, tokenHash } : null
}

/**
 * The TOTP secret an enrolment link offers: derived from the link (its hash, under the staff area's own
 * key), so every load of the page, on any replica, shows the same key until the link is used or expires
 * (a reload never silently replaces a key already scanned), and a new link has a new one. Nothing stored.
 */
function enrolSecret(req: FastifyRequest, tokenHash: string): string {
  const key = req.server.staffArea.signer.subkey('enrol-totp')
  return totpSecretOf(createHmac('sha256', key).update(tokenHash).digest().subarray(0, 20))
}

/** The TOTP setup of the page: the link's secret, its URI and QR code. */
async function totpSetup(req: FastifyRequest, account: Account, secret: string, locale: Locale): Promise<EnrolTotp> {
  const uri = totpUri({ secret, account: account.email, issuer: req.server.staffArea.siteName(req) })
  return {
    uri,
    secretText: secret.replace(/(.{4})(?=.)/g, '$1 '),
    qrSvg: await qrSvg(uri, { label: translators[locale]('staff.enrol.qrLabel') }),
  }
}

/**
 * An enrolment done: the account keeps the language its page was read in (the Accept-Language of a
 * browser, or the link's language switch), so the recovery codes and every page after are in it too.
 */
export async function keepEnrolmentLocale(req: FastifyRequest, account: Account, locale: Locale): Promise<Account> {
  if (account.locale === locale) return account
  await req.server.staffArea.store.updateAccount(account.id, { locale }, auditOf(req, account.id, 'account.locale', `account:${account.id}`))
  return { ...account, locale }
}

/** GET /admin/enrol/<token>: the choice of a passkey or a password and code, or why the link no longer works. */
export async function loadEnrol(req: FastifyRequest, token: string, locale: Locale): Promise<EnrolData> {
  const found = await enrolmentOf(req, token)
  if (!found) return { step: 'invalid' }
  const { account, tokenHash } = found
  return { step: 'choose', email: account.email, name: account.name, totp: await totpSetup(req, account, enrolSecret(req, tokenHash), locale), errors: {}, notice: null }
}

/**
 * POST /admin/enrol/<token>: a new password (the policy), typed twice, and a code from the app set
 * up with the link's secret. The link is used (once, atomically) only when all is right; then the
 * factor with ten recovery codes (their hashes), the page's language kept with the account, a first
 * session, and the codes shown once.
 */
export async function enrolPassword(req: FastifyRequest, reply: FastifyReply, token: string, locale: Locale, body: Record<string, string>): Promise<StaffAnswer<EnrolData>> {
  const { store, limits, now } = req.server.staffArea
  const found = await enrolmentOf(req, token)
  if (!found) return { data: { step: 'invalid' }, statusCode: 410 }
  const { account, tokenHash } = found
  const secret = enrolSecret(req, tokenHash)
  const password = body.password ?? ''
  const errors: Partial<Record<'password' | 'confirm' | 'code', EnrolFieldError>> = {}
  const problem = checkPasswordPolicy(password, { email: account.email, name: account.name })
  if (problem) errors.password = problem
  else if (password !== (body.confirm ?? '')) errors.confirm = 'mismatch'
  const step = await verifyTotp(secret, body.code, now())
  if (step === null) errors.code = 'code'
  if (Object.keys(errors).length > 0 || step === null) {
    const totp = await totpSetup(req, account, secret, locale)
    return { data: { step: 'choose', email: account.email, name: account.name, totp, errors, notice: null }, statusCode: 422 }
  }
  if ((await store.useEnrolmentLink(tokenHash, now())) === null) return { data: { step: 'invalid' }, statusCode: 410 }
  const { codes, hashes } = await newRecoveryCodes()
  const factor = { accountId: account.id, passwordHash: await hashPassword(password), totpSecret: secret, lastTotpStep: step, createdAt: now() }
  await store.setPasswordFactor(factor, hashes, auditOf(req, account.id, 'password.set', `account:${account.id}`))
  const enrolled = await keepEnrolmentLocale(req, account, locale)
  const session = await startSession(req, reply, store, enrolled, limits, now(), auditOf(req, account.id, 'signin', 'enrolment'))
  req.staffSession = { session, account: enrolled }
  return { data: { step: 'done', email: account.email, recoveryCodes: codes }, statusCode: 200 }
}
