/**
 * A confirmation (re-authentication): the password and a code, or one of the account's own passkeys
 * (two JSON steps). Throttled like sign-ins, audited; a success renews the session under a new id,
 * proven now, and goes back to the page.
 */
import type { FastifyReply, FastifyRequest } from 'fastify'
import { checkFactors } from '../../../server/staff/factors'
import { reauthKeys } from '../../../server/staff/http/reauth'
import { auditOf } from '../../../server/staff/http/services'
import { renewSession } from '../../../server/staff/http/session'
import { challengeKey, checkAssertion, failed, relyingPartyOf } from '../../../server/staff/passkey-steps'
import { authenticationOptions, credentialIdOf, openChallenge, signChallenge } from '../../../server/staff/passkeys'
import { STAFF_PATHS } from '../paths'
import type { StaffActionContext, StaffAnswer } from '../types'
import type { ConfirmData } from './page-data'
import { backTo, confirmPage } from './loader.server'

/**
 * The throttle's answer before any check (failed confirmations slow down like sign-ins): null when
 * allowed, and then the attempt is already counted (a failure needs nothing more, a success gives it back).
 */
async function throttled(req: FastifyRequest, reply: FastifyReply): Promise<number | null> {
  const { throttle, now } = req.server.staffArea
  const keys = reauthKeys(req)
  const decision = await throttle.attempt([keys.account, keys.address], now())
  if (decision.allowed) return null
  reply.header('retry-after', String(Math.ceil(decision.retryAfterMs / 1000)))
  return decision.retryAfterMs
}

/**
 * A confirmation that worked: the account's count forgotten, the address's attempt given back, and the
 * session renewed under a new id, proven now (any replica sees it; audited 'reauth' with the old id's
 * end). Where to go next: back to the page, or to the sign-in page when the session ended meanwhile.
 */
async function confirmed(req: FastifyRequest, reply: FastifyReply, how: string, next: unknown): Promise<string> {
  const keys = reauthKeys(req)
  await req.server.staffArea.throttle.succeed([keys.account], [keys.address])
  if (await renewSession(req, reply, auditOf(req, req.staffSession!.account.id, 'reauth', how))) return backTo(next)
  return `${STAFF_PATHS.signIn}?next=${encodeURIComponent(backTo(next))}`
}

/** A confirmation that did not: audited (its attempt, counted before the check, stands as the failure). */
async function refused(req: FastifyRequest, how: string): Promise<void> {
  await req.server.staffArea.store.audit(auditOf(req, req.staffSession!.account.id, 'reauth.failed', how, 'failed'))
}

/** POST /admin/confirm: the account's password and a code (TOTP, each once, or a recovery code); back to the page. */
export async function confirmWithPassword({ req, reply, body }: StaffActionContext): Promise<StaffAnswer<ConfirmData>> {
  const next = body.next ?? ''
  if ((await throttled(req, reply)) !== null) {
    await req.server.staffArea.store.audit(auditOf(req, req.staffSession!.account.id, 'reauth.throttled', '', 'refused'))
    return { data: await confirmPage(req, next, 'throttled'), statusCode: 429 }
  }
  if (!(await checkFactors(req, req.staffSession!.account, body.password ?? '', body.code ?? ''))) {
    await refused(req, 'password')
    return { data: await confirmPage(req, next, 'failed'), statusCode: 401 }
  }
  return { redirect: await confirmed(req, reply, 'password', body.next) }
}

/** POST /admin/confirm/passkey-options (JSON): options naming the account's own passkeys, the challenge for 'reauth:<account>'. */
export async function confirmPasskeyOptions({ req, reply }: StaffActionContext<Record<string, unknown>>): Promise<unknown> {
  const { store, now } = req.server.staffArea
  const id = req.staffSession!.account.id
  const passkeys = await store.listPasskeys(id)
  if (passkeys.length === 0) return reply.code(404).send({ ok: false })
  const options = await authenticationOptions({ rp: relyingPartyOf(req), passkeys })
  return { options, challengeToken: signChallenge(options.challenge, `reauth:${id}`, challengeKey(req), now()) }
}

/**
 * POST /admin/confirm/passkey (JSON: { response, challengeToken, next }): the assertion of one of
 * the account's own passkeys over the challenge made for it; throttled, audited like the password.
 */
export async function confirmPasskey({ req, reply, body }: StaffActionContext<Record<string, unknown>>): Promise<unknown> {
  const { store, now } = req.server.staffArea
  const id = req.staffSession!.account.id
  const wait = await throttled(req, reply)
  if (wait !== null) return reply.code(429).send({ ok: false, retryAfterMs: wait })
  const challenge = openChallenge(body.challengeToken, `reauth:${id}`, challengeKey(req), now())
  const credentialId = credentialIdOf(body.response)
  const passkey = challenge && credentialId ? await store.findPasskey(credentialId) : null
  const result = passkey && passkey.accountId === id ? await checkAssertion(req, passkey, body.response, challenge!) : null
  if (!result?.ok) {
    if (result) req.log.info({ reason: result.detail }, 'passkey confirmation refused')
    await refused(req, 'passkey')
    return failed(reply)
  }
  return reply.send({ ok: true, redirect: await confirmed(req, reply, 'passkey', body.next) })
}
