import { loadSecurity, securityAction } from '../../../server/staff/http/security'
import type { StaffActionContext, StaffAnswer, StaffLoaderContext } from '../types'
import type { SecurityData } from './page-data'

export function loadSecurityPage({ req, search }: StaffLoaderContext): Promise<SecurityData> {
  return loadSecurity(req, search)
}

export function securityPageAction({ req, body }: StaffActionContext): Promise<StaffAnswer<SecurityData>> {
  return securityAction(req, body)
}
