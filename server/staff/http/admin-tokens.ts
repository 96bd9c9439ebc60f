import { randomUUID } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import type { TokensData, TokensFieldError } from '../../../shared/admin/tokens/page-data'
import type { StaffAnswer } from '../../../shared/admin/types'
import { printable } from '../../../shared/validation'
import { accessTokenState, checkAccessTokenExpiry, newAccessToken } from '../access-tokens'
import { isRole, type AccessToken } from '../types'
import { auditOf } from './services'
import { shownTime } from './shown-time'

const DAY_MS = 86_400_000
const EMPTY_FORM: TokensData['form'] = { name: '', role: 'responder', days: '90' }

/** The page's data: every token, newest first, with who made it (null: no such account). */
async function page(req: FastifyRequest, change: Partial<TokensData> = {}): Promise<TokensData> {
  const { store, now } = req.server.staffArea
  const [tokens, accounts] = await Promise.all([store.listAccessTokens(), store.listAccounts()])
  const creators = new Map(accounts.map((a) => [a.id, { name: a.name, email: a.email }]))
  const at = now()
  const rows = tokens
    .sort((a, b) => b.createdAt - a.createdAt)
    .map((tk) => ({
      id: tk.id,
      name: tk.name,
      role: tk.role,
      creator: creators.get(tk.createdBy) ?? null,
      created: shownTime(tk.createdAt),
      expires: shownTime(tk.expiresAt),
      lastUsed: tk.lastUsedAt === null ? null : shownTime(tk.lastUsedAt),
      state: accessTokenState(tk, at),
    }))
  return { rows, secret: null, notice: null, form: EMPTY_FORM, errors: {}, confirm: null, ...change }
}

/** GET /admin/tokens. */
export function loadTokens(req: FastifyRequest): Promise<TokensData> {
  return page(req)
}

async function create(req: FastifyRequest, body: Record<string, string>): Promise<StaffAnswer<TokensData>> {
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
  if (Object.keys(errors).length) return { data: await page(req, { form, errors }), statusCode: 400 }
  const { secret, hash } = newAccessToken()
  const token: AccessToken = { id: randomUUID(), tokenHash: hash, name, role: body.role as AccessToken['role'], createdBy: admin, createdAt, expiresAt: createdAt + days * DAY_MS, revokedAt: null, lastUsedAt: null }
  await store.addAccessToken(token, auditOf(req, admin, 'token.create', `token:${token.id} ${token.role}`))
  return { data: await page(req, { notice: 'created', secret: { name, value: secret } }), statusCode: 200 }
}

/**
 * POST /admin/tokens (`op`): create (name, role, days until expiry: at most a year) -> the secret
 * shown once; revoke (`token`: its id) after a confirmation (`confirmed=1`). Both audited.
 */
export async function tokensAction(req: FastifyRequest, body: Record<string, string>): Promise<StaffAnswer<TokensData>> {
  if (body.op === 'create') return create(req, body)
  const { store, now } = req.server.staffArea
  if (body.op !== 'revoke') return { data: await page(req, { notice: 'unknown' }), statusCode: 400 }
  const token = (await store.listAccessTokens()).find((tk) => tk.id === body.token)
  if (!token) return { data: await page(req, { notice: 'unknown' }), statusCode: 404 }
  if (body.confirmed !== '1') return { data: await page(req, { confirm: { id: token.id, name: token.name } }), statusCode: 200 }
  if (token.revokedAt === null) await store.revokeAccessToken(token.id, now(), auditOf(req, req.staffSession!.account.id, 'token.revoke', `token:${token.id}`))
  return { data: await page(req, { notice: 'revoked' }), statusCode: 200 }
}
