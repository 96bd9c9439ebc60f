import type { FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import type { SecurityData, SecurityNotice } from '../../../shared/admin/security/page-data'
import type { StaffAnswer } from '../../../shared/admin/types'
import { printable } from '../../../shared/validation'
import { openChallenge, registrationOptions, signChallenge } from '../passkeys'
import type { Passkey } from '../types'
import { passkeyName } from './enrol-passkey'
import { challengeKey, checkRegistration, relyingPartyOf } from './passkey-steps'
import { auditOf } from './services'
import { shownTime } from './shown-time'

const NOTICES: readonly SecurityNotice[] = ['added', 'renamed', 'removed', 'lastFactor', 'unknown', 'name']
const NAME_MAX = 60

async function page(req: FastifyRequest, change: Partial<SecurityData> = {}): Promise<SecurityData> {
  const { store } = req.server.staffArea
  const id = req.staffSession!.account.id
  const [passkeys, factor, recoveryLeft] = await Promise.all([store.listPasskeys(id), store.findPasswordFactor(id), store.unusedRecoveryCodes(id)])
  const rows = passkeys.map((p) => ({ id: p.id, name: p.name, created: shownTime(p.createdAt), lastUsed: p.lastUsedAt === null ? null : shownTime(p.lastUsedAt) }))
  return { passkeys: rows, password: factor !== null, recoveryLeft: factor ? recoveryLeft : 0, notice: null, confirm: null, ...change }
}

/** GET /admin/security (?notice=added after the passkey step). */
export function loadSecurity(req: FastifyRequest, search: URLSearchParams): Promise<SecurityData> {
  const notice = search.get('notice') as SecurityNotice
  return page(req, { notice: NOTICES.includes(notice) ? notice : null })
}

/** One of the signed-in account's own passkeys, by the id a form names; null for anyone else's. */
async function ownPasskey(req: FastifyRequest, id: string | undefined): Promise<Passkey | null> {
  if (typeof id !== 'string' || id.length > 1400) return null
  const passkey = await req.server.staffArea.store.findPasskey(id)
  return passkey && passkey.accountId === req.staffSession!.account.id ? passkey : null
}

/**
 * POST /admin/security (`op`, `passkey`: its id): rename (`name`, one line, at most 60 characters),
 * remove (confirmed first; re-authentication by the route table). The last factor is never removed:
 * the only passkey of an account without a password + TOTP factor stays. Both audited.
 */
export async function securityAction(req: FastifyRequest, body: Record<string, string>): Promise<StaffAnswer<SecurityData>> {
  const { store } = req.server.staffArea
  const account = req.staffSession!.account.id
  const answer = async (notice: SecurityNotice, statusCode = 200, change: Partial<SecurityData> = {}) => ({ data: await page(req, { notice, ...change }), statusCode })
  const passkey = await ownPasskey(req, body.passkey)
  if (!passkey || (body.op !== 'rename' && body.op !== 'remove')) return answer('unknown', passkey ? 400 : 404)
  if (body.op === 'rename') {
    const name = (body.name ?? '').trim()
    if (!name || [...name].length > NAME_MAX || printable(name) !== name) return answer('name', 400)
    if (name !== passkey.name) await store.renamePasskey(passkey.id, name, auditOf(req, account, 'passkey.rename', `passkey:${passkey.id.slice(0, 16)}`))
    return answer('renamed')
  }
  const [passkeys, factor] = await Promise.all([store.listPasskeys(account), store.findPasswordFactor(account)])
  if (passkeys.length <= 1 && !factor) return answer('lastFactor', 409)
  if (body.confirmed !== '1') return { data: await page(req, { confirm: { id: passkey.id, name: passkey.name } }), statusCode: 200 }
  await store.removePasskey(passkey.id, auditOf(req, account, 'passkey.remove', `passkey:${passkey.id.slice(0, 16)}`))
  return answer('removed')
}

/** POST /admin/security/passkey-options (JSON): creation options for the account, its passkeys excluded. */
export async function securityPasskeyOptions(req: FastifyRequest): Promise<unknown> {
  const { store, now } = req.server.staffArea
  const account = req.staffSession!.account
  const existing = await store.listPasskeys(account.id)
  const options = await registrationOptions({ rp: relyingPartyOf(req), account, existing })
  return { options, challengeToken: signChallenge(options.challenge, `register:${account.id}`, challengeKey(req), now()) }
}

/** POST /admin/security/passkey (JSON: { response, challengeToken, name }): the new passkey verified (its challenge counted once), stored, audited. */
export async function securityPasskeyAdd(req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>): Promise<unknown> {
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
