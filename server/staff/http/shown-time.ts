import type { ShownTime } from '../../../shared/admin/accounts/page-data'
import { siteTime } from '../../site-time'

/** An instant for a staff page: the site's time (Asia/Tokyo) to read, ISO UTC for the datetime and title attributes. */
export function shownTime(ms: number): ShownTime {
  const iso = new Date(ms).toISOString()
  return { text: siteTime(iso), iso }
}
