/** The access tokens page's two forms (admins): create (the secret shown once) and revoke. Both audited. */
import { randomUUID } from 'node:crypto'
import { checkAccessTokenExpiry, newAccessToken } from '../../../server/staff/access-tokens'
import { auditOf } from '../../../server/staff/http/services'
import { isRole, type AccessToken } from '../../../server/staff/types'
import { printable } from '../../validation'
import type { StaffActionContext, StaffAnswer } from '../types'
import type { TokensData, TokensFieldError } from './page-data'
import { EMPTY_FORM, tokensPage } from './loader.server'

const DAY_MS = 86_400_000

/** POST /admin/tokens `op=create` (name, role, days until expiry: at most a year) -> the secret shown once. */
export async function createToken({ req, body }: StaffActionContext): Promise<StaffAnswer<TokensData>> {
  const { store, now } = req.server.staffArea
  const admin = req.staffSession!.account.id
  const name = (body.name ?? '').trim()
  const daysText = (body.days ?? '').trim()
  const form = { name: name.slice(0, 100), role: isRole(body.role) ? body.role : EMPTY_FORM.role, days: daysText.slice(0, 6) }
  const errors: TokensData['errors'] = {}
  if (!name || name.length > 100 || printable(name) !== name) errors.name = 'name'
  if (!isRole(body.role)) errors.role = 'role'
  const createdAt = now()
  const days = /^\d{1,6}$/.test(daysText) ? Number(daysText) : NaN
  if (!(days >= 1)) errors.days = 'days'
  else {
    const problem = checkAccessTokenExpiry(createdAt, createdAt + days * DAY_MS)
    if (problem) errors.days = problem === 'tooLong' ? 'tooLong' : ('days' satisfies TokensFieldError)
  }
  if (Object.keys(errors).length) return { data: await tokensPage(req, { form, errors }), statusCode: 400 }
  const { secret, hash } = newAccessToken()
  const token: AccessToken = { id: randomUUID(), tokenHash: hash, name, role: body.role as AccessToken['role'], createdBy: admin, createdAt, expiresAt: createdAt + days * DAY_MS, revokedAt: null, lastUsedAt: null }
  await store.addAccessToken(token, auditOf(req, admin, 'token.create', `token:${token.id} ${token.role}`))
  return { data: await tokensPage(req, { notice: 'created', secret: { name, value: secret } }), statusCode: 200 }
}

/** POST /admin/tokens `op=revoke` (`token`: its id) after a confirmation (`confirmed=1`). */
export async function revokeToken({ req, body }: StaffActionContext): Promise<StaffAnswer<TokensData>> {
  const { store, now } = req.server.staffArea
  const token = (await store.listAccessTokens()).find((tk) => tk.id === body.token)
  if (!token) return { data: await tokensPage(req, { notice: 'unknown' }), statusCode: 404 }
  if (body.confirmed !== '1') return { data: await tokensPage(req, { confirm: { id: token.id, name: token.name } }), statusCode: 200 }
  if (token.revokedAt === null) await store.revokeAccessToken(token.id, now(), auditOf(req, req.staffSession!.account.id, 'token.revoke', `token:${token.id}`))
  return { data: await tokensPage(req, { notice: 'revoked' }), statusCode: 200 }
}
