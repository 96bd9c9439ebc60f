import { loadInquiries } from './list.server'
import type { StaffLoaderContext } from '../types'
import type { InquiriesData } from './page-data'

export function loadInquiriesPage({ req, search }: StaffLoaderContext): Promise<InquiriesData> {
  return loadInquiries(req, search)
}
