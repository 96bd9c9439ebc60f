import { INBOX_ROLES } from '../roles'
import { staffRoute } from '../define'
import type { InquiryStatsData } from './page-data'
import { loadInquiryStatsPage } from './loader.server'
import { InquiryStatsPage } from './stats-page'

/** The inbox's statistics (responders and admins): a link from the list, not in the navigation. */
export const inquiryStatsRoute = staffRoute<InquiryStatsData>({
  id: 'inquiriesStats',
  Component: InquiryStatsPage,
  access: INBOX_ROLES,
  titleKey: 'staff.inquiries.stats.title',
  loader: loadInquiryStatsPage,
})
