/** The editor service's words: what it is built from, and the outcomes its methods answer besides done. */
import type { EditableItem, ItemKind } from '../../shared/admin/editor-model/items'
import type { SourceImage } from '../content/images'
import type { InboxStore } from '../inbox/types'
import type { StaffStore } from '../staff/types'
import type { PreviewLinks } from './preview-links'
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
  /** Told an image just uploaded and stored, to make its variants ahead (never waited for: the upload answers at once). */
  imageStored?: ((image: SourceImage) => void) | undefined
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
