import { loadEnrol } from '../../../server/staff/http/enrol'
import type { StaffLoaderContext } from '../types'
import type { EnrolData } from './page-data'

export function loadEnrolPage({ req, params, locale }: StaffLoaderContext): Promise<EnrolData> {
  return loadEnrol(req, params.token ?? '', locale)
}
