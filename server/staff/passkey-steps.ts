import type { FastifyReply, FastifyRequest } from 'fastify'
import { deviceName } from './device-name'
import { deviceOf } from './http/session'
import { CHALLENGE_TTL_MS, relyingParty, verifyAuthentication, verifyRegistration, type PasskeyFailure, type RelyingParty } from './passkeys'
import type { Passkey } from './types'

/**
 * What every passkey route shares (sign-in, confirmation, enrolment, adding one): the relying party,
 * the challenge tokens' key, and the checks that make an answer count once. An answer that verifies
 * spends its challenge (StaffStore.useChallenge, one insert on every replica's database) before
 * anything is done with it: of a captured answer sent again, at once or later, to any replica, only
 * the first is acted on. A sign-in or confirmation then records the signature counter by
 * compare-and-set against the counter it was verified with (StaffStore.usePasskey).
 */

/** A sign-in or confirmation with a passkey that did not work: every failure the same 401. */
export const failed = (reply: FastifyReply) => reply.code(401).send({ ok: false })

/** A passkey's name as its owner gave it (or the device's), one line, at most 60 characters. */
export function passkeyName(value: unknown, req: FastifyRequest): string {
  const given = typeof value === 'string' ? value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 60) : ''
  const userAgent = deviceOf(req)
  return given || deviceName(userAgent) || userAgent.slice(0, 60) || 'passkey'
}

/** The relying party of a request: SITE_URL's host and origin (the request's own without SITE_URL, in development and tests). */
export function relyingPartyOf(req: FastifyRequest): RelyingParty {
  const { origin, siteName } = req.server.staffArea
  return relyingParty(origin(req), siteName(req))
}

/** The challenge tokens' key: the same signer secret as the staff forms (any replica checks them). */
export const challengeKey = (req: FastifyRequest) => req.server.staffArea.signer.subkey('passkey-challenges')

const refusal = (detail: string): PasskeyFailure => ({ ok: false, reason: 'invalid', detail })

/** Spends the challenge of a verified answer: the answer itself when this is the challenge's first, else a refusal. */
async function once<T>(req: FastifyRequest, challenge: string, answer: T): Promise<T | PasskeyFailure> {
  const { store, now } = req.server.staffArea
  // Kept until its token expires (at most 5 minutes after now): after that the token opens nowhere.
  return (await store.useChallenge(challenge, now() + CHALLENGE_TTL_MS)) ? answer : refusal('the challenge was answered already')
}

/**
 * A sign-in or confirmation answer made with `passkey` over `challenge` (opened from its token): verified,
 * its challenge spent, the counter recorded. The counter to report, or why not (`detail` for the log only).
 */
export async function checkAssertion(req: FastifyRequest, passkey: Passkey, response: unknown, challenge: string): Promise<{ ok: true; counter: number } | PasskeyFailure> {
  const verified = await verifyAuthentication({ rp: relyingPartyOf(req), passkey, response, challenge })
  const result = verified.ok ? await once(req, challenge, verified) : verified
  if (!result.ok) return result
  const { store, now } = req.server.staffArea
  return (await store.usePasskey(passkey.id, passkey.counter, result.counter, now())) ? result : refusal('the signature counter moved meanwhile')
}

/** A registration answer for `accountId` over `challenge`: verified and its challenge spent; the new Passkey record, or why not. */
export async function checkRegistration(req: FastifyRequest, { accountId, response, challenge, name }: { accountId: string; response: unknown; challenge: string; name: string }): Promise<{ ok: true; passkey: Passkey } | PasskeyFailure> {
  const verified = await verifyRegistration({ rp: relyingPartyOf(req), accountId, response, challenge, name, nowMs: req.server.staffArea.now() })
  return verified.ok ? once(req, challenge, verified) : verified
}
