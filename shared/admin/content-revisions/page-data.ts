import type { ShownTime } from '../accounts/page-data'
import type { ItemKind } from '../editor-model/items'
import type { FieldChange } from './diff'

/** The actions a revision records (server/editor/types.ts RevisionAction). */
export type RevisionActionName = 'create' | 'save' | 'publish' | 'unpublish' | 'schedule' | 'restore' | 'delete' | 'import'

/** A revision as the page names it: its seq (what the forms send) and its number among the item's own (what staff read). */
export interface RevisionRef {
  seq: number
  number: number
}

export interface RevisionRow extends RevisionRef {
  at: ShownTime
  /** Who: an account's name, the command line (an import), or an account removed since. */
  who: { name: string } | { cli: true } | { removed: true }
  action: RevisionActionName
  /** The number (among the item's) of the revision a restore brought back. */
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
  compare: { older: RevisionRef; newer: RevisionRef; changes: FieldChange[] } | null
  /** `number`: the revision restored, or refused (its number among the item's). */
  notice: { kind: RevisionsNoticeKind; number?: number } | null
  /** Why a restore was refused: the problems the site would have ('news/x.ja.md: …'). */
  problems: string[]
  /** The confirmation step of a restore (the page without JavaScript). */
  confirm: RevisionRef | null
}

export type RevisionsNoticeKind = 'restored' | 'conflict' | 'refused' | 'unknown'

/** What an answer adds to the page, revisions named by seq (revisionsData finds their numbers). */
export interface RevisionsAnswer {
  notice?: { kind: RevisionsNoticeKind; seq?: number }
  problems?: string[]
  confirm?: { seq: number }
}
