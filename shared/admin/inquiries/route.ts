import { INBOX_ROLES } from '../roles'
import { staffRoute } from '../define'
import { InquiriesPage } from './inquiries-page'
import type { InquiriesData } from './page-data'
import { loadInquiriesPage } from './loader.server'

/**
 * The inquiry inbox (responders and admins): newest first, filtered by the address (GET), paged, with
 * the export of the view. A filter value that is not valid is a 400 naming it, never a wider list.
 */
export const inquiriesRoute = staffRoute<InquiriesData>({
  id: 'inquiries',
  Component: InquiriesPage,
  access: INBOX_ROLES,
  titleKey: 'staff.inquiries.title',
  navKey: 'staff.nav.inquiries',
  loader: loadInquiriesPage,
  statusOf: (data) => (data.problems.length ? 400 : 200),
})
