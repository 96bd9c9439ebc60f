/** The security page's data: the signed-in staff member's own passkeys and password factor. */
import type { FastifyRequest } from 'fastify'
import { shownTime } from '../../../server/staff/http/shown-time'
import type { StaffLoaderContext } from '../types'
import type { SecurityData, SecurityNotice } from './page-data'

const NOTICES: readonly SecurityNotice[] = ['added', 'renamed', 'removed', 'lastFactor', 'unknown', 'name']

/** The page's data, with what an action changes (a notice, a confirmation step). */
export async function securityPage(req: FastifyRequest, change: Partial<SecurityData> = {}): Promise<SecurityData> {
  const { store } = req.server.staffArea
  const id = req.staffSession!.account.id
  const [passkeys, factor, recoveryLeft] = await Promise.all([store.listPasskeys(id), store.findPasswordFactor(id), store.unusedRecoveryCodes(id)])
  const rows = passkeys.map((p) => ({ id: p.id, name: p.name, created: shownTime(p.createdAt), lastUsed: p.lastUsedAt === null ? null : shownTime(p.lastUsedAt) }))
  return { passkeys: rows, password: factor !== null, recoveryLeft: factor ? recoveryLeft : 0, notice: null, confirm: null, ...change }
}

/** GET /admin/security (?notice=added after the passkey step). */
export function loadSecurityPage({ req, search }: StaffLoaderContext): Promise<SecurityData> {
  const notice = search.get('notice') as SecurityNotice
  return securityPage(req, { notice: NOTICES.includes(notice) ? notice : null })
}
