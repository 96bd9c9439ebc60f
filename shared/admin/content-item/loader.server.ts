import { itemPageData, newItemPageData } from '../../../server/editor/item-page'
import { saveItem } from '../../../server/editor/item-save'
import type { StaffActionContext, StaffAnswer, StaffLoaderContext } from '../types'
import type { ContentItemData } from './page-data'

export function loadContentItem(ctx: StaffLoaderContext): Promise<ContentItemData | null> {
  return itemPageData(ctx.req, ctx.params, ctx.search)
}

export function loadNewItem(ctx: StaffLoaderContext): Promise<ContentItemData | null> {
  return newItemPageData(ctx.params, ctx.search)
}

export function saveContentItem(ctx: StaffActionContext): Promise<StaffAnswer<ContentItemData>> {
  return saveItem(ctx, false)
}

export function saveNewItem(ctx: StaffActionContext): Promise<StaffAnswer<ContentItemData>> {
  return saveItem(ctx, true)
}
