import type { FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS, isStaffPath } from '../../../shared/admin/paths'
import type { SignInData, SignInNotice } from '../../../shared/admin/sign-in/page-data'
import type { StaffAnswer } from '../../../shared/admin/types'
import { normaliseEmail } from '../accounts'
import { verifyDummy, verifyPassword } from '../password'
import { matchRecoveryCode } from '../recovery-codes'
import { signInKeys } from '../throttle'
import { randomToken } from '../tokens'
import { normaliseTotpCode, verifyTotp } from '../totp'
import type { Account } from '../types'
import { auditOf } from './services'
import { startSession } from './session'

/** A sign-in form is good for an hour after it was served. */
export const SIGN_IN_FORM_MS = 60 * 60_000
const FORM_PURPOSE = 'signin'

/** The sign-in page's data: a fresh signed token, the address kept, a notice. */
export function signInPage(req: FastifyRequest, next: unknown, email = '', notice: SignInNotice | null = null): SignInData {
  const { signer, now } = req.server.staffArea
  const target = nextPath(next)
  return { email: email.slice(0, 254), notice, token: signer.sign(randomToken(16), FORM_PURPOSE, SIGN_IN_FORM_MS, now()), next: target === STAFF_PATHS.home ? '' : target }
}

/** Where to go after signing in: the staff path the visitor asked for (?next=), else the staff home. */
export function nextPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return STAFF_PATHS.home
  const path = value.split(/[?#]/)[0]!
  return isStaffPath(path) && !value.includes('//') && !value.includes('\\') && path !== STAFF_PATHS.signIn ? value : STAFF_PATHS.home
}

/** Whether the password, then the code (TOTP, each step once, or an unused recovery code), are the account's. */
export async function checkFactors(req: FastifyRequest, account: Account | null, password: string, code: string): Promise<boolean> {
  const { store, now } = req.server.staffArea
  const factor = account && !account.disabled ? await store.findPasswordFactor(account.id) : null
  // An address without an account (or without a password) costs the same hash as a wrong password.
  const passwordOk = factor ? await verifyPassword(password, factor.passwordHash) : await verifyDummy(password)
  if (!factor || !passwordOk) return false
  if (normaliseTotpCode(code) !== null) {
    const step = await verifyTotp(factor.totpSecret, code, now())
    return step !== null && (await store.acceptTotpStep(factor.accountId, step))
  }
  const recovery = await matchRecoveryCode(code, await store.unusedRecoveryCodeHashes(factor.accountId))
  return recovery !== null && (await store.useRecoveryCode(factor.accountId, recovery, auditOf(req, factor.accountId, 'recovery.use', `account:${factor.accountId}`)))
}

/**
 * POST /admin/sign-in: address, password and code. Counted by the throttle per account and per client
 * address before any hash is computed (attempts sent at once too); every failure gets the same page
 * (never whether the address has an account) after the same password hash and is audited; a success
 * gives the address its attempt back, clears the account's count and starts a new session.
 */
export async function passwordSignIn(req: FastifyRequest, reply: FastifyReply, body: Record<string, string>): Promise<StaffAnswer<SignInData>> {
  const { store, signer, throttle, limits, now } = req.server.staffArea
  const emailText = body.email ?? ''
  const next = body.next
  if (signer.open(body._token, FORM_PURPOSE, now()) === null) return { data: signInPage(req, next, emailText, 'expired'), statusCode: 403 }
  const keys = signInKeys(emailText, req.ip)
  const decision = await throttle.attempt([keys.account, keys.address], now())
  if (!decision.allowed) {
    reply.header('retry-after', String(Math.ceil(decision.retryAfterMs / 1000)))
    await store.audit(auditOf(req, null, 'signin.throttled', '', 'refused'))
    return { data: signInPage(req, next, emailText, 'throttled'), statusCode: 429 }
  }
  const email = normaliseEmail(emailText)
  const account = email ? await store.findAccountByEmail(email) : null
  if (!(await checkFactors(req, account, body.password ?? '', body.code ?? ''))) {
    const known = account && !account.disabled ? account.id : null
    await store.audit(auditOf(req, known, 'signin.failed', known ? `account:${known}` : '', 'failed'))
    return { data: signInPage(req, next, emailText, 'failed'), statusCode: 401 }
  }
  await throttle.succeed([keys.account], [keys.address])
  await startSession(req, reply, store, account!, limits, now(), auditOf(req, account!.id, 'signin', 'password'))
  return { redirect: nextPath(next) }
}
