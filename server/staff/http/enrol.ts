import type { FastifyReply, FastifyRequest } from 'fastify'
import type { EnrolData, EnrolFieldError, EnrolTotp } from '../../../shared/admin/enrol/page-data'
import type { StaffAnswer } from '../../../shared/admin/types'
import type { Locale } from '../../../shared/i18n/locales'
import { checkPasswordPolicy, hashPassword } from '../password'
import { qrSvg } from '../qr'
import { newRecoveryCodes } from '../recovery-codes'
import { sha256Hex } from '../tokens'
import { newTotpSecret, totpUri, verifyTotp } from '../totp'
import type { Account } from '../types'
import { staffTranslators } from './catalog'
import { auditOf } from './services'
import { startSession } from './session'

/** An enrolment page's form (its TOTP secret) is good for half an hour. */
const ENROL_FORM_MS = 30 * 60_000
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

/** The TOTP setup of the page: a secret (new, or the one the form carried), its URI, QR code and signed token. */
async function totpSetup(req: FastifyRequest, account: Account, tokenHash: string, locale: Locale, secret = newTotpSecret()): Promise<EnrolTotp> {
  const { signer, now, siteName } = req.server.staffArea
  const uri = totpUri({ secret, account: account.email, issuer: siteName(req) })
  return {
    uri,
    secretText: secret.replace(/(.{4})(?=.)/g, '$1 '),
    qrSvg: await qrSvg(uri, { label: translators[locale]('staff.enrol.qrLabel') }),
    secretToken: signer.sign(secret, `enrol:${tokenHash}`, ENROL_FORM_MS, now()),
  }
}

/** GET /admin/enrol/<token>: the choice of a passkey or a password and code, or why the link no longer works. */
export async function loadEnrol(req: FastifyRequest, token: string, locale: Locale): Promise<EnrolData> {
  const found = await enrolmentOf(req, token)
  if (!found) return { step: 'invalid' }
  const { account, tokenHash } = found
  return { step: 'choose', email: account.email, name: account.name, totp: await totpSetup(req, account, tokenHash, locale), errors: {}, notice: null }
}

/**
 * POST /admin/enrol/<token>: a new password (the policy), typed twice, and a code from the app set
 * up with the page's secret. The link is used (once, atomically) only when all is right; then the
 * factor with ten recovery codes (their hashes) and a first session, and the codes are shown once.
 */
export async function enrolPassword(req: FastifyRequest, reply: FastifyReply, token: string, locale: Locale, body: Record<string, string>): Promise<StaffAnswer<EnrolData>> {
  const { store, signer, limits, now } = req.server.staffArea
  const found = await enrolmentOf(req, token)
  if (!found) return { data: { step: 'invalid' }, statusCode: 410 }
  const { account, tokenHash } = found
  const secret = signer.open(body.secretToken, `enrol:${tokenHash}`, now())
  const password = body.password ?? ''
  const errors: Partial<Record<'password' | 'confirm' | 'code', EnrolFieldError>> = {}
  const problem = checkPasswordPolicy(password, { email: account.email, name: account.name })
  if (problem) errors.password = problem
  else if (password !== (body.confirm ?? '')) errors.confirm = 'mismatch'
  const step = secret ? await verifyTotp(secret, body.code, now()) : null
  if (step === null) errors.code = 'code'
  if (Object.keys(errors).length > 0 || !secret || step === null) {
    const totp = await totpSetup(req, account, tokenHash, locale, secret ?? undefined)
    return { data: { step: 'choose', email: account.email, name: account.name, totp, errors, notice: null }, statusCode: 422 }
  }
  if ((await store.useEnrolmentLink(tokenHash, now())) === null) return { data: { step: 'invalid' }, statusCode: 410 }
  const { codes, hashes } = await newRecoveryCodes()
  const factor = { accountId: account.id, passwordHash: await hashPassword(password), totpSecret: secret, lastTotpStep: step, createdAt: now() }
  await store.setPasswordFactor(factor, hashes, auditOf(req, account.id, 'password.set', `account:${account.id}`))
  const session = await startSession(req, reply, store, account, limits, now(), auditOf(req, account.id, 'signin', 'enrolment'))
  req.staffSession = { session, account }
  return { data: { step: 'done', email: account.email, recoveryCodes: codes }, statusCode: 200 }
}
