import type { ItemKind } from '../editor-model/items'
import type { Locale } from '../../i18n/locales'
import type { ShownTime } from '../accounts/page-data'

/** The lifetimes a link may be given (server/editor/http/preview-links.ts PREVIEW_LINK_TTLS). */
export const PREVIEW_TTL_CHOICES = ['hour', 'day', 'week'] as const
export type PreviewTtlChoice = (typeof PREVIEW_TTL_CHOICES)[number]

export interface PreviewLinkData {
  kind: ItemKind
  slug: string
  /** The item's title (its default language's, else any), for the heading. */
  title: string
  /** The languages the item is saved in: the link shows one of them. */
  locales: Locale[]
  form: { locale: Locale; ttl: PreviewTtlChoice }
  /** The link just made: its address and when it stops working. */
  made: { url: string; expires: ShownTime } | null
}

/**
 * Why a shared preview link shows no page: expired (410), its item saved again since the link was made
 * (410), not one made here or altered (404), or its item is gone (404).
 */
export interface SharedPreviewData {
  problem: 'expired' | 'stale' | 'invalid' | 'gone'
}
