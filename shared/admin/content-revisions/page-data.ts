import type { ShownTime } from '../accounts/page-data'
import type { ItemKind } from '../editor-model/items'
import type { FieldChange } from './diff'

/** The actions a revision records (server/editor/types.ts RevisionAction). */
export type RevisionActionName = 'create' | 'save' | 'publish' | 'unpublish' | 'schedule' | 'restore' | 'delete' | 'import'

export interface RevisionRow {
  seq: number
  at: ShownTime
  /** Who: an account's name, the command line (an import), or an account removed since. */
  who: { name: string } | { cli: true } | { removed: true }
  action: RevisionActionName
  restoredFrom: number | null
  /** The revision deleted the item: nothing to restore. */
  deletion: boolean
  /** The item's files are as this revision left them (the newest such revision). */
  current: boolean
}

export interface RevisionsData {
  kind: ItemKind
  slug: string
  title: string
  /** Newest first. */
  rows: RevisionRow[]
  /** The hash of the item's files when the page was drawn: a restore based on another is a conflict. */
  hash: string
  /** Two revisions compared (older, newer), their fields with the changed words marked. */
  compare: { older: number; newer: number; changes: FieldChange[] } | null
  notice: { kind: 'restored' | 'conflict' | 'refused' | 'unknown'; seq?: number } | null
  /** Why a restore was refused: the problems the site would have ('news/x.ja.md: …'). */
  problems: string[]
  /** The confirmation step of a restore (the page without JavaScript). */
  confirm: { seq: number } | null
}
