import { loadInquiryStats } from './stats.server'
import type { StaffLoaderContext } from '../types'
import type { InquiryStatsData } from './page-data'

export function loadInquiryStatsPage({ req }: StaffLoaderContext): Promise<InquiryStatsData> {
  return loadInquiryStats(req)
}
