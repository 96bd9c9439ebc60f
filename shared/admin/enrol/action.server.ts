/**
 * The enrolment link's two ways: a password and an authenticator app (the form), or a passkey (two
 * JSON steps). Either uses the link (once, atomically), keeps the page's language with the account and
 * starts a first session.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { staffLocale } from '../../../server/staff/http/locale'
import { auditOf } from '../../../server/staff/http/services'
import { startSession } from '../../../server/staff/http/session'
import { challengeKey, checkRegistration, passkeyName, relyingPartyOf } from '../../../server/staff/passkey-steps'
import { openChallenge, registrationOptions, signChallenge } from '../../../server/staff/passkeys'
import { checkPasswordPolicy, hashPassword } from '../../../server/staff/password'
import { newRecoveryCodes } from '../../../server/staff/recovery-codes'
import { verifyTotp } from '../../../server/staff/totp'
import type { Account } from '../../../server/staff/types'
import { isLocale, type Locale } from '../../i18n/locales'
import { STAFF_PATHS } from '../paths'
import type { StaffActionContext, StaffAnswer } from '../types'
import type { EnrolData, EnrolFieldError } from './page-data'
import { enrolmentOf, enrolSecret, totpSetup } from './loader.server'

/**
 * An enrolment done: the account keeps the language its page was read in (the Accept-Language of a
 * browser, or the link's language switch), so the recovery codes and every page after are in it too.
 */
async function keepEnrolmentLocale(req: FastifyRequest, account: Account, locale: Locale): Promise<Account> {
  if (account.locale === locale) return account
  await req.server.staffArea.store.updateAccount(account.id, { locale }, auditOf(req, account.id, 'account.locale', `account:${account.id}`))
  return { ...account, locale }
}

/**
 * POST /admin/enrol/<token>: a new password (the policy), typed twice, and a code from the app set
 * up with the link's secret. The link is used only when all is right; then the factor with ten
 * recovery codes (their hashes), a first session, and the codes shown once.
 */
export async function enrolAction({ req, reply, params, locale, body }: StaffActionContext): Promise<StaffAnswer<EnrolData>> {
  const { store, limits, now } = req.server.staffArea
  const found = await enrolmentOf(req, params.token ?? '')
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

const gone = (reply: FastifyReply) => reply.code(410).send({ ok: false, reason: 'link' })

/** POST /admin/enrol/<token>/passkey-options (JSON): options for navigator.credentials.create() for the link's account. */
export async function enrolPasskeyOptions({ req, reply, params }: StaffActionContext<Record<string, unknown>>): Promise<unknown> {
  const { store, now } = req.server.staffArea
  const found = await enrolmentOf(req, params.token ?? '')
  if (!found) return gone(reply)
  const { account } = found
  const existing = await store.listPasskeys(account.id)
  const options = await registrationOptions({ rp: relyingPartyOf(req), account, existing })
  return { options, challengeToken: signChallenge(options.challenge, `register:${account.id}`, challengeKey(req), now()) }
}

/**
 * POST /admin/enrol/<token>/passkey (JSON: { response, challengeToken, name, locale }): the new credential
 * verified against the challenge made for this account (the challenge counted once); the link used; the
 * passkey stored (audited), the page's language (`locale`, else the browser's) kept and a first session started.
 */
export async function enrolPasskey({ req, reply, body, params }: StaffActionContext<Record<string, unknown>>): Promise<unknown> {
  const { store, limits, now } = req.server.staffArea
  const found = await enrolmentOf(req, params.token ?? '')
  if (!found) return gone(reply)
  const { account, tokenHash } = found
  const challenge = openChallenge(body.challengeToken, `register:${account.id}`, challengeKey(req), now())
  const result = challenge
    ? await checkRegistration(req, { accountId: account.id, response: body.response, challenge, name: passkeyName(body.name, req) })
    : null
  if (!result?.ok) {
    if (result) req.log.info({ reason: result.detail }, 'passkey registration refused')
    await store.audit(auditOf(req, account.id, 'passkey.add', `account:${account.id}`, 'failed'))
    return reply.code(400).send({ ok: false, reason: 'passkey' })
  }
  if ((await store.useEnrolmentLink(tokenHash, now())) === null) return gone(reply)
  await store.addPasskey(result.passkey, auditOf(req, account.id, 'passkey.add', `account:${account.id}`))
  const enrolled = await keepEnrolmentLocale(req, account, isLocale(body.locale) ? body.locale : staffLocale(req, undefined, true))
  const session = await startSession(req, reply, store, enrolled, limits, now(), auditOf(req, account.id, 'signin', 'enrolment'))
  req.staffSession = { session, account: enrolled }
  return reply.send({ ok: true, redirect: STAFF_PATHS.home })
}
