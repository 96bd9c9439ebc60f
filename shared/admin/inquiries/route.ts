import { INBOX_ROLES } from '../roles'
import { formAction, staffRoute } from '../define'
import { InquiriesPage } from './inquiries-page'
import type { InquiriesData } from './page-data'
import { loadInquiriesPage } from './loader.server'
import { exportBack, exportList } from './action.server'

/**
 * The inquiry inbox (responders and admins): newest first, filtered by the address (GET), paged, with
 * the export of the view (a factor proved in the last 5 minutes; the confirmation comes back to the
 * list with its filter). A filter value that is not valid is a 400 naming it, never a wider list.
 */
export const inquiriesRoute = staffRoute<InquiriesData>({
  id: 'inquiries',
  Component: InquiriesPage,
  access: INBOX_ROLES,
  titleKey: 'staff.inquiries.title',
  navKey: 'staff.nav.inquiries',
  loader: loadInquiriesPage,
  statusOf: (data) => (data.problems.length ? 400 : 200),
  actions: [formAction({ at: 'inquiriesExport', fields: ['format', 'assignee', 'type', 'lang', 'from', 'to', 'q'], repeated: ['status'], recent: true, back: exportBack, handle: exportList })],
})
