/**
 * The content editor's work as one service, whoever asks: the editor's pages and forms today, a command
 * or a job as well. Every method takes the actor (server/staff/actor.ts) and plain inputs, never a
 * request, and answers a typed outcome the caller turns into its page or status. The rules live here: the
 * editor's form checks, the whole content folder checked as content:check would before anything is
 * written, a change based on another hash than the item's now refused (a conflict), and every change
 * written with its revision and 'content.change' audit entry in one transaction (EditorStore.commit),
 * then the content reloaded. Built once by the editor plugin (server/plugins/editor.ts).
 */
import type { EditableItem, ItemKind } from '../../shared/admin/editor-model/items'
import type { InboxStore } from '../inbox/types'
import type { StaffStore } from '../staff/types'
import type { PreviewLinks } from './http/preview-links'
import { itemWork } from './service-item'
import { linkWork } from './service-links'
import { fixWork } from './service-raw'
import { saveWork } from './service-save'
import type { EditorStore } from './types'

export interface EditorServiceDeps {
  store: EditorStore
  staff: Pick<StaffStore, 'listAccounts' | 'audit'>
  /** The content folder (CONTENT_DIR): where items are read and written. */
  contentDir: string
  /** The staff area's clock: every time written. */
  now: () => number
  /** Loads the content again after a change (every replica follows: docs/decisions/0015). */
  reload: (reason: string) => Promise<unknown>
  /** Signed preview links (their key is the form secret's). */
  links: PreviewLinks
  /** The once-across-replicas claims of the inquiry database (a scheduled publication recorded once). */
  claims: Pick<InboxStore, 'claimJob'>
}

/** The item a change names, as the caller shows it again. */
export interface NamedItem {
  kind: ItemKind
  slug: string
}

/** No item of that name (or a name no item could have): nothing was done. */
export type NotFound = { kind: 'not-found' }
/** The item changed (or went) since the base the change was made on: nothing was written. */
export type Conflict = { kind: 'conflict'; item: NamedItem; theirs: EditableItem | null; hash: string }
/** A file of the item cannot be read (changed by hand meanwhile): nothing was written. */
export type Unreadable = { kind: 'unreadable'; item: NamedItem }
/** The content folder would have these problems with the change (content:check's words): nothing was written. */
export type Refused = { kind: 'refused'; item: NamedItem; problems: string[] }

export function createEditorService(deps: EditorServiceDeps) {
  return { ...saveWork(deps), ...fixWork(deps), ...itemWork(deps), ...linkWork(deps) }
}

export type EditorService = ReturnType<typeof createEditorService>
