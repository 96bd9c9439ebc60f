import { EDITOR_ROLES } from '../roles'
import { staffRoute } from '../define'
import { ContentListPage } from './list-page'
import type { ContentListData } from './page-data'
import { loadContentList } from './loader.server'

/** Every item of the content folder (editors and admins), with its languages' states and the "new" buttons. */
export const contentListRoute = staffRoute<ContentListData>({
  id: 'content',
  Component: ContentListPage,
  access: EDITOR_ROLES,
  titleKey: 'staff.content.title',
  navKey: 'staff.nav.content',
  loader: loadContentList,
})
