import { STAFF_PATHS } from '../../../shared/admin/paths'
import { INBOX_ROLES } from '../../../shared/admin/roles'
import type { StaffEndpoint } from './endpoints'
import { exportBack, exportInquiries } from './inbox-export'
import { erasePerson, exportPerson } from './inbox-person'

const personPage = () => STAFF_PATHS.inquiriesPerson

/**
 * The inbox's form POSTs that are not a page's own form: the list's export and a person's request's
 * export and erasure. Each a sensitive step (a factor proved in the last 5 minutes; the confirmation
 * brings the staff member back to the page the form is on). Erasing a person's data is for admins:
 * responders find and export it (docs/staff.md, person requests).
 */
export const inboxEndpoints: StaffEndpoint[] = [
  { id: 'inquiriesExport', access: INBOX_ROLES, kind: 'form', recent: true, back: exportBack, handle: exportInquiries },
  { id: 'inquiriesPersonExport', access: INBOX_ROLES, kind: 'form', recent: true, back: personPage, handle: exportPerson },
  { id: 'inquiriesPersonErase', access: ['admin'], kind: 'form', recent: true, back: personPage, handle: erasePerson },
]
