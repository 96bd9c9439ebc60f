/** The confirmation page's data (re-authentication before a sensitive step): the account's factors and where to go back to. */
import type { FastifyRequest } from 'fastify'
import { nextPath } from '../../../server/staff/http/return-path'
import { STAFF_PATHS } from '../paths'
import type { StaffLoaderContext } from '../types'
import type { ConfirmData } from './page-data'

/** Where to go back to: a staff page, never the confirmation page itself. */
export function backTo(value: unknown): string {
  const next = nextPath(value)
  return next.split(/[?#]/)[0] === STAFF_PATHS.confirm ? STAFF_PATHS.home : next
}

/** The account's own factors to prove again, the page to go back to (`next`), and a notice. */
export async function confirmPage(req: FastifyRequest, next: unknown, notice: ConfirmData['notice'] = null): Promise<ConfirmData> {
  const { store } = req.server.staffArea
  const id = req.staffSession!.account.id
  const [factor, passkeys] = await Promise.all([store.findPasswordFactor(id), store.listPasskeys(id)])
  return { next: backTo(next), password: factor !== null, passkey: passkeys.length > 0, notice }
}

/** GET /admin/confirm?next=…. */
export function loadConfirmPage({ req, search }: StaffLoaderContext): Promise<ConfirmData> {
  return confirmPage(req, search.get('next'))
}
