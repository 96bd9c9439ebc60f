import type { FastifyReply, FastifyRequest } from 'fastify'
import { authenticationOptions, credentialIdOf, openChallenge, signChallenge } from '../passkeys'
import { addressKey } from '../throttle'
import { challengeKey, checkAssertion, relyingPartyOf } from './passkey-steps'
import { auditOf } from './services'
import { startSession } from './session'
import { nextPath } from './sign-in'

/**
 * POST /admin/passkey/options (JSON): options for navigator.credentials.get() without
 * allowCredentials (discoverable passkeys, the browser's autofill), with the challenge in a signed
 * token the browser sends back (5 minutes).
 */
export async function passkeyOptions(req: FastifyRequest): Promise<object> {
  const { now } = req.server.staffArea
  const options = await authenticationOptions({ rp: relyingPartyOf(req) })
  return { options, challengeToken: signChallenge(options.challenge, 'signin', challengeKey(req), now()) }
}

export const failed = (reply: FastifyReply) => reply.code(401).send({ ok: false })

/**
 * POST /admin/passkey/sign-in (JSON: { response, challengeToken, next }): the assertion checked
 * against the challenge, the passkey's account and public key; a new session. Every failure is the
 * same 401, counted per client address (nothing to guess per account) before the check, and audited.
 */
export async function passkeySignIn(req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>): Promise<unknown> {
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
