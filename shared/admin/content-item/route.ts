import { EDITOR_ROLES } from '../roles'
import { staffRoute } from '../define'
import { ContentItemPage } from './item-page'
import type { ContentItemData } from './page-data'
import { loadContentItem, loadNewItem, saveContentItem, saveNewItem } from './loader.server'

const statusOf = (data: ContentItemData) => (data.unreadable?.length || data.conflict || data.notice === 'changed' ? 409 : Object.keys(data.errors).length || data.problems.length ? 422 : 200)

/**
 * One item's editor (editors and admins): both languages side by side, its own POST saves it
 * (field errors and the content folder's problems: 422 with what was typed; someone saved meanwhile:
 * 409 with both versions; saved: 303 back with a notice).
 */
export const contentItemRoute = staffRoute<ContentItemData>({
  id: 'contentItem',
  Component: ContentItemPage,
  access: EDITOR_ROLES,
  titleKey: 'staff.content.item.title',
  loader: loadContentItem,
  statusOf,
  action: saveContentItem,
})

/** A new news article, project or page: its slug typed, Japanese to write first. */
export const contentNewRoute = staffRoute<ContentItemData>({
  id: 'contentNew',
  Component: ContentItemPage,
  access: EDITOR_ROLES,
  titleKey: 'staff.content.item.titleNew',
  loader: loadNewItem,
  statusOf,
  action: saveNewItem,
})
