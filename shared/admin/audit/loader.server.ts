import { loadAudit } from '../../../server/staff/http/admin-audit'
import type { StaffLoaderContext } from '../types'
import type { AuditData } from './page-data'

export function loadAuditPage({ req, search }: StaffLoaderContext): Promise<AuditData> {
  return loadAudit(req, search)
}
