import { loadContentListData } from './list.server'
import type { StaffLoaderContext } from '../types'
import type { ContentListData } from './page-data'

export function loadContentList({ req, search }: StaffLoaderContext): Promise<ContentListData | null> {
  return loadContentListData(req, search)
}
