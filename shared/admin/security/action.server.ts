/**
 * The security page's forms and steps: rename or remove one of the account's own passkeys (the last
 * factor is never removed), and add one (two JSON steps). Each change audited.
 */
import type { FastifyRequest } from 'fastify'
import { auditOf } from '../../../server/staff/http/services'
import { challengeKey, checkRegistration, passkeyName, relyingPartyOf } from '../../../server/staff/passkey-steps'
import { openChallenge, registrationOptions, signChallenge } from '../../../server/staff/passkeys'
import type { Passkey } from '../../../server/staff/types'
import { printable } from '../../validation'
import { STAFF_PATHS } from '../paths'
import type { StaffActionContext, StaffAnswer } from '../types'
import type { SecurityData, SecurityNotice } from './page-data'
import { securityPage } from './loader.server'

const NAME_MAX = 60

/** One of the signed-in account's own passkeys, by the id a form names; null for anyone else's. */
async function ownPasskey(req: FastifyRequest, id: string | undefined): Promise<Passkey | null> {
  if (typeof id !== 'string' || id.length > 1400) return null
  const passkey = await req.server.staffArea.store.findPasskey(id)
  return passkey && passkey.accountId === req.staffSession!.account.id ? passkey : null
}

const answer = async (req: FastifyRequest, notice: SecurityNotice, statusCode = 200) => ({ data: await securityPage(req, { notice }), statusCode })

/** POST /admin/security `op=rename` (`passkey`: its id, `name`: one line, at most 60 characters). */
export async function renamePasskey({ req, body }: StaffActionContext): Promise<StaffAnswer<SecurityData>> {
  const passkey = await ownPasskey(req, body.passkey)
  if (!passkey) return answer(req, 'unknown', 404)
  const name = (body.name ?? '').trim()
  if (!name || [...name].length > NAME_MAX || printable(name) !== name) return answer(req, 'name', 400)
  const account = req.staffSession!.account.id
  if (name !== passkey.name) await req.server.staffArea.store.renamePasskey(passkey.id, name, auditOf(req, account, 'passkey.rename', `passkey:${passkey.id.slice(0, 16)}`))
  return answer(req, 'renamed')
}

/** POST /admin/security `op=remove` (`passkey`: its id), confirmed first: never the only passkey of an account without a password + TOTP factor. */
export async function removePasskey({ req, body }: StaffActionContext): Promise<StaffAnswer<SecurityData>> {
  const { store } = req.server.staffArea
  const account = req.staffSession!.account.id
  const passkey = await ownPasskey(req, body.passkey)
  if (!passkey) return answer(req, 'unknown', 404)
  const [passkeys, factor] = await Promise.all([store.listPasskeys(account), store.findPasswordFactor(account)])
  if (passkeys.length <= 1 && !factor) return answer(req, 'lastFactor', 409)
  if (body.confirmed !== '1') return { data: await securityPage(req, { confirm: { id: passkey.id, name: passkey.name } }), statusCode: 200 }
  await store.removePasskey(passkey.id, auditOf(req, account, 'passkey.remove', `passkey:${passkey.id.slice(0, 16)}`))
  return answer(req, 'removed')
}

/** POST /admin/security/passkey-options (JSON): creation options for the account, its passkeys excluded. */
export async function securityPasskeyOptions({ req }: StaffActionContext<Record<string, unknown>>): Promise<unknown> {
  const { store, now } = req.server.staffArea
  const account = req.staffSession!.account
  const existing = await store.listPasskeys(account.id)
  const options = await registrationOptions({ rp: relyingPartyOf(req), account, existing })
  return { options, challengeToken: signChallenge(options.challenge, `register:${account.id}`, challengeKey(req), now()) }
}

/** POST /admin/security/passkey (JSON: { response, challengeToken, name }): the new passkey verified (its challenge counted once), stored, audited. */
export async function securityPasskeyAdd({ req, reply, body }: StaffActionContext<Record<string, unknown>>): Promise<unknown> {
  const { store, now } = req.server.staffArea
  const account = req.staffSession!.account
  const challenge = openChallenge(body.challengeToken, `register:${account.id}`, challengeKey(req), now())
  const result = challenge
    ? await checkRegistration(req, { accountId: account.id, response: body.response, challenge, name: passkeyName(body.name, req) })
    : null
  if (!result?.ok || (await store.findPasskey(result.passkey.id))) {
    if (result && !result.ok) req.log.info({ reason: result.detail }, 'passkey registration refused')
    await store.audit(auditOf(req, account.id, 'passkey.add', `account:${account.id}`, 'failed'))
    return reply.code(400).send({ ok: false, reason: 'passkey' })
  }
  await store.addPasskey(result.passkey, auditOf(req, account.id, 'passkey.add', `passkey:${result.passkey.id.slice(0, 16)}`))
  return reply.send({ ok: true, redirect: `${STAFF_PATHS.security}?notice=added` })
}
