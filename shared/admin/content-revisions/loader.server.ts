import { revisionsData } from './revisions.server'
import type { StaffLoaderContext } from '../types'
import type { RevisionsData } from './page-data'

/** The revisions of an item, two compared (?older=&newer=), and the notice of a restore just made (?restored=). */
export function loadRevisionsPage({ req, params, search }: StaffLoaderContext): Promise<RevisionsData | null> {
  const restored = Number(search.get('restored'))
  return revisionsData(req, params, search, Number.isSafeInteger(restored) && restored > 0 ? { notice: { kind: 'restored', seq: restored } } : {})
}
