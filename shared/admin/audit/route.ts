import { staffRoute } from '../define'
import { AuditPage } from './audit-page'
import type { AuditData } from './page-data'
import { loadAuditPage } from './loader.server'

/** The audit log (admins only): newest first, filtered by account, action and day (GET), paged. */
export const auditRoute = staffRoute<AuditData>({
  id: 'audit',
  Component: AuditPage,
  access: ['admin'],
  titleKey: 'staff.audit.title',
  navKey: 'staff.nav.audit',
  loader: loadAuditPage,
})
