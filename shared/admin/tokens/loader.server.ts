/** The access tokens page's data (admins): every token with its state and who made it. */
import type { FastifyRequest } from 'fastify'
import { accessTokenState } from '../../../server/staff/access-tokens'
import { shownTime } from '../../../server/staff/http/shown-time'
import type { StaffLoaderContext } from '../types'
import type { TokensData } from './page-data'

/** The add form as the page first shows it. */
export const EMPTY_FORM: TokensData['form'] = { name: '', role: 'responder', days: '90' }

/** The page's data: every token, newest first, with who made it (null: no such account). */
export async function tokensPage(req: FastifyRequest, change: Partial<TokensData> = {}): Promise<TokensData> {
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
export function loadTokensPage({ req }: StaffLoaderContext): Promise<TokensData> {
  return tokensPage(req)
}
