import type { Locale } from '../../i18n/locales'
import type { ItemKind, PublicationState } from '../editor-model/items'
import type { FormErrors } from '../../validation/types'
import type { EditorForm } from './form-model'

export type { EditorForm } from './form-model'

/** After a save or publication; 'changed': someone changed the item between the page and the request (look again). */
export type ItemNotice = 'saved' | 'created' | 'publish' | 'unpublish' | 'schedule' | 'changed'
export type PublishError = 'kind' | 'missing' | 'at' | 'past'

/** What a language's publication form does: back to draft, publish now, or (news) at a Japan time. */
export type PublishAction = 'draft' | 'publish' | 'schedule'

/** A step the page asks to confirm (the page without JavaScript; with it, the dialog asks). */
export type ConfirmStep = { action: 'save' } | { action: 'raw'; file: string; what: 'save' | 'remove' } | { action: 'delete' } | { action: 'publish'; locale: Locale; what: PublishAction; at: string }

/** Someone else saved the item since this editor opened it: theirs (as it is now) beside what was typed. */
export interface ConflictView {
  /** The item as it is on disk now; null: deleted meanwhile. */
  theirs: EditorForm | null
  /** Its hash: "keep mine" saves what was typed over it. */
  hash: string
}

/** A file of the item that cannot be read (server/editor/files-unreadable.ts): which, why, and its text as it is. */
export interface UnreadableFile {
  /** Relative to the content folder ('news/x.ja.md', 'site.yml'). */
  file: string
  /** The language the file holds; null for site.yml. */
  locale: Locale | null
  reason: 'yaml' | 'frontMatter' | 'encoding' | 'other'
  /** The reader's own words (English, technical): shown beside the page's explanation. */
  detail: string
  /** Where a YAML error is, counted from 1 in the file. */
  line: number | null
  column: number | null
  /** The file's text (or what was typed to fix it). */
  text: string
}

export interface ContentItemData {
  kind: ItemKind
  /** '' for a new item (its slug is typed). */
  slug: string
  isNew: boolean
  /** What the form shows: the saved item, or what was typed. */
  form: EditorForm
  /** The hash of the item's files the form was opened on (a save based on another one is a conflict). */
  base: string
  errors: FormErrors
  /** The content folder's problems the save would make, in words ('news/x.ja.md: date: must be …'). */
  problems: string[]
  conflict: ConflictView | null
  /** Per language: where it stands (news: its date for the schedule control). */
  states: Partial<Record<Locale, PublicationState>>
  /** Per translation: its fields out of date ('title', 'body', 'gallery.0.alt'). */
  outOfDate: Partial<Record<Locale, string[]>>
  /** The names of the others who have this item open now. */
  others: string[]
  notice: ItemNotice | null
  publishError: PublishError | null
  confirm: ConfirmStep | null
  /** A page of content/pages/ that is one of the built-in five (no `path`). */
  builtIn: boolean
  /** Files of the item that cannot be read: the page shows them to fix or remove instead of the editor. */
  unreadable?: UnreadableFile[]
}

/** What a slot of the item page (./slots) is given: the page's data, the form as typed, and how to fill it in. */
export interface SlotProps {
  data: ContentItemData
  form: EditorForm
  insert: (locale: Locale, markdown: string) => void
  setField: (name: string, value: string) => void
}

/** How often the page tells the server it is still open, and how long a heartbeat counts. */
export const PRESENCE_BEAT_MS = 20_000
export const PRESENCE_FRESH_MS = 60_000
