import { useI18n } from '../i18n/context'

/** What an item says of its publication: only development ever shows drafts and items not yet due. */
export interface PublicationMarks {
  draft?: true | undefined
  scheduled?: true | undefined
}

/** Whether the item is marked (a draft, or scheduled), i.e. only in development. */
export const isMarked = (item: PublicationMarks) => item.draft === true || item.scheduled === true

/**
 * The "下書き / Draft" or "予約 / Scheduled" badge of a news article or a project in development;
 * nothing for a published item (production pages are unchanged).
 */
export function PublicationBadge({ item }: { item: PublicationMarks }) {
  const { t } = useI18n()
  if (item.draft) return <span className="badge badge--draft">{t('units.publication.draft')}</span>
  if (item.scheduled) return <span className="badge badge--scheduled">{t('units.publication.scheduled')}</span>
  return null
}
