/** The sign-in page's ways in: the password and code form, and a passkey's two JSON steps. */
import { normaliseEmail } from '../../../server/staff/accounts'
import { checkFactors } from '../../../server/staff/factors'
import { nextPath } from '../../../server/staff/http/return-path'
import { auditOf } from '../../../server/staff/http/services'
import { startSession } from '../../../server/staff/http/session'
import { challengeKey, checkAssertion, failed, relyingPartyOf } from '../../../server/staff/passkey-steps'
import { authenticationOptions, credentialIdOf, openChallenge, signChallenge } from '../../../server/staff/passkeys'
import { addressKey, signInKeys } from '../../../server/staff/throttle'
import type { StaffActionContext, StaffAnswer } from '../types'
import type { SignInData } from './page-data'
import { SIGN_IN_PURPOSE, signInPage } from './loader.server'

/**
 * POST /admin/sign-in: address, password and code. Counted by the throttle per account and per client
 * address before any hash is computed (attempts sent at once too); every failure gets the same page
 * (never whether the address has an account) after the same password hash and is audited; a success
 * gives the address its attempt back, clears the account's count and starts a new session.
 */
export async function signInAction({ req, reply, body }: StaffActionContext): Promise<StaffAnswer<SignInData>> {
  const { store, signer, throttle, limits, now } = req.server.staffArea
  const emailText = body.email ?? ''
  const next = body.next
  if (signer.open(body._token, SIGN_IN_PURPOSE, now()) === null) return { data: signInPage(req, next, emailText, 'expired'), statusCode: 403 }
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

/**
 * POST /admin/passkey/options (JSON): options for navigator.credentials.get() without
 * allowCredentials (discoverable passkeys, the browser's autofill), with the challenge in a signed
 * token the browser sends back (5 minutes).
 */
export async function passkeyOptions({ req }: StaffActionContext<Record<string, unknown>>): Promise<object> {
  const { now } = req.server.staffArea
  const options = await authenticationOptions({ rp: relyingPartyOf(req) })
  return { options, challengeToken: signChallenge(options.challenge, 'signin', challengeKey(req), now()) }
}

/**
 * POST /admin/passkey/sign-in (JSON: { response, challengeToken, next }): the assertion checked
 * against the challenge, the passkey's account and public key; a new session. Every failure is the
 * same 401, counted per client address (nothing to guess per account) before the check, and audited.
 */
export async function passkeySignIn({ req, reply, body }: StaffActionContext<Record<string, unknown>>): Promise<unknown> {
  const { store, throttle, limits, now } = req.server.staffArea
  const addressKeys = [`address:${addressKey(req.ip)}`]
  const decision = await throttle.attempt(addressKeys, now())
  if (!decision.allowed) {
    reply.header('retry-after', String(Math.ceil(decision.retryAfterMs / 1000)))
    return reply.code(429).send({ ok: false, retryAfterMs: decision.retryAfterMs })
  }
  const challenge = openChallenge(body.challengeToken, 'signin', challengeKey(req), now())
  const credentialId = credentialIdOf(body.response)
  const passkey = challenge && credentialId ? await store.findPasskey(credentialId) : null
  const account = passkey ? await store.findAccount(passkey.accountId) : null
  const result = passkey && account && !account.disabled ? await checkAssertion(req, passkey, body.response, challenge!) : null
  if (!result?.ok) {
    if (result) req.log.info({ reason: result.detail }, 'passkey sign-in refused')
    await store.audit(auditOf(req, account?.id ?? null, 'signin.failed', 'passkey', 'failed'))
    return failed(reply)
  }
  await throttle.succeed([], addressKeys)
  const session = await startSession(req, reply, store, account!, limits, now(), auditOf(req, account!.id, 'signin', 'passkey'))
  req.staffSession = { session, account: account! }
  return reply.send({ ok: true, redirect: nextPath(body.next) })
}
