/** The item editor's loaders: an existing item's page, and a new item's. */
import { itemPageData, newItemPageData } from './item.server'
import type { StaffLoaderContext } from '../types'
import type { ContentItemData } from './page-data'

/** GET /admin/content/:kind/:slug. */
export function loadContentItem(ctx: StaffLoaderContext): Promise<ContentItemData | null> {
  return itemPageData(ctx.req, ctx.params, ctx.search)
}

/** GET /admin/content/new/:kind. */
export function loadNewItem(ctx: StaffLoaderContext): Promise<ContentItemData | null> {
  return newItemPageData(ctx.params, ctx.search)
}
