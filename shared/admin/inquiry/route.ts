import { INBOX_ROLES } from '../roles'
import { staffRoute } from '../define'
import { InquiryPage } from './inquiry-page'
import type { InquiryData } from './page-data'
import { loadInquiryPage } from './loader.server'

/**
 * One inquiry (responders and admins): its fields as sent, its mails, its history, triage and the
 * reply. Its forms POST to their own paths (server/staff/http/endpoints.ts: inquiryChange,
 * inquiryReply, inquiryRetry); an unknown id is the 404 page.
 */
export const inquiryRoute = staffRoute<InquiryData>({
  id: 'inquiry',
  Component: InquiryPage,
  access: INBOX_ROLES,
  titleKey: 'staff.inquiry.title',
  loader: loadInquiryPage,
})
