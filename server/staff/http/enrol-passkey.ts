import type { FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import { openChallenge, registrationOptions, signChallenge } from '../passkeys'
import { isLocale } from '../../../shared/i18n/locales'
import { enrolmentOf, keepEnrolmentLocale } from './enrol'
import { staffLocale } from './locale'
import { challengeKey, checkRegistration, relyingPartyOf } from './passkey-steps'
import { auditOf } from './services'
import { deviceName } from '../device-name'
import { deviceOf } from './session'
import { startSession } from './session'

const gone = (reply: FastifyReply) => reply.code(410).send({ ok: false, reason: 'link' })

/** POST /admin/enrol/<token>/passkey-options (JSON): options for navigator.credentials.create() for the link's account. */
export async function enrolPasskeyOptions(req: FastifyRequest, reply: FastifyReply, _body: unknown, params: Record<string, string>): Promise<unknown> {
  const { store, now } = req.server.staffArea
  const found = await enrolmentOf(req, params.token ?? '')
  if (!found) return gone(reply)
  const { account } = found
  const existing = await store.listPasskeys(account.id)
  const options = await registrationOptions({ rp: relyingPartyOf(req), account, existing })
  return { options, challengeToken: signChallenge(options.challenge, `register:${account.id}`, challengeKey(req), now()) }
}

/** A passkey's name as its owner gave it (or the device's), one line, at most 60 characters. */
export function passkeyName(value: unknown, req: FastifyRequest): string {
  const given = typeof value === 'string' ? value.replace(/[\u0000-\u001f\u007f]/g, ' ').trim().slice(0, 60) : ''
  const userAgent = deviceOf(req)
  return given || deviceName(userAgent) || userAgent.slice(0, 60) || 'passkey'
}

/**
 * POST /admin/enrol/<token>/passkey (JSON: { response, challengeToken, name, locale }): the new credential
 * verified against the challenge made for this account (the challenge counted once); the link used
 * (once, atomically); the passkey stored (audited), the page's language kept with the account (`locale`,
 * else the browser's) and a first session started.
 */
export async function enrolPasskey(req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>, params: Record<string, string>): Promise<unknown> {
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
