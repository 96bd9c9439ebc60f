import type { Locale } from '../../i18n/locales'
import type { ShownTime } from '../accounts/page-data'
import type { ItemKind, PublicationState } from '../editor-model/items'

export interface ContentRow {
  kind: ItemKind
  slug: string
  /** Per language (a missing language has none). */
  titles: Partial<Record<Locale, string>>
  states: Partial<Record<Locale, PublicationState>>
  /** The translations with a field out of date. */
  outOfDate: Locale[]
  /** News: its date; projects: its completion. */
  date: string | null
  changed: { at: ShownTime; who: string | null } | null
}

export type ListNotice = 'deleted'

export interface ContentListData {
  rows: ContentRow[]
  notice: ListNotice | null
}
