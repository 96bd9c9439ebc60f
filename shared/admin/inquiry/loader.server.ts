import { loadInquiry } from './inquiry.server'
import type { StaffLoaderContext } from '../types'
import type { InquiryData } from './page-data'

export function loadInquiryPage({ req, params, search }: StaffLoaderContext): Promise<InquiryData | null> {
  return loadInquiry(req, params.id, search)
}
