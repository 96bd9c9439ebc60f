/** The inbox list's export, handed to the inbox's own code (server/staff/http/inbox-export.ts). */
import { exportBack, exportInquiries } from './export.server'
import type { StaffActionContext } from '../types'

/** POST /admin/inquiries/export: every inquiry of the list's filter as a download. */
export const exportList = ({ req, reply, body }: StaffActionContext<Record<string, unknown>>) => exportInquiries(req, reply, body)

/** The list page the export came from, with its filter: where a confirmation brings the staff member back. */
export { exportBack }
