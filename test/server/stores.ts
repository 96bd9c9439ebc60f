// Every area's store on one site database, built as the app builds them (server/plugins/db.ts,
// stores.ts, contact.ts), in one object for the tests: the inquiries' and the outbox's methods, and
// the staff area's, the inbox's and the editor's stores beside them; close() closes the database.
import type { Db } from '../../server/db/sqlite'
import { openSiteDatabase, sqliteDatabase, type DatabaseSettings, type OpenOptions, type SiteDatabase } from '../../server/db/open'
import { createInquiryStore } from '../../server/contact/inquiry-store'
import type { InquiryStore } from '../../server/contact/types'
import { createEditorStore } from '../../server/editor/editor-store'
import { editorDialectOf } from '../../server/editor/dialects'
import type { EditorStore } from '../../server/editor/types'
import { dialectOf } from '../../server/inbox/dialects'
import { createInboxStore } from '../../server/inbox/inbox-store'
import type { InboxStore } from '../../server/inbox/types'
import { MIGRATIONS } from '../../server/migrations'
import { siteOutboxStore } from '../../server/mail-kinds'
import type { OutboxStore } from '../../server/outbox/types'
import { createStaffStore } from '../../server/staff/store'
import type { StaffStore } from '../../server/staff/types'

export type SiteStores = InquiryStore &
  OutboxStore & {
    staff: StaffStore
    inbox: InboxStore
    editor: EditorStore
    database: SiteDatabase
    ping(): Promise<void>
    close(): Promise<void>
  }

/** The stores of every area over `database`. */
export function storesOf(database: SiteDatabase): SiteStores {
  const { runner, engine } = database
  return {
    ...createInquiryStore(runner, dialectOf(engine)),
    ...siteOutboxStore(runner),
    staff: createStaffStore(database.runner),
    inbox: createInboxStore(runner, dialectOf(engine)),
    editor: createEditorStore(runner, editorDialectOf(engine)),
    database,
    ping: database.ping,
    close: database.close,
  }
}

/** The stores on an open SQLite database (server/database.ts openDatabase). */
export const sqliteStores = (db: Db): SiteStores => storesOf(sqliteDatabase(db))

/** The stores on the database the settings name, opened as the server or a command opens it (server/db/open.ts). */
export async function openStores(settings: DatabaseSettings, options: OpenOptions = {}): Promise<SiteStores> {
  return storesOf(await openSiteDatabase(settings, MIGRATIONS, options))
}

/** The stores on the PostgreSQL database at `url`, migrated first (as a replica opens it). */
export const pgStores = (url: string, options: Pick<OpenOptions, 'poolSize'> = {}) => openStores({ databaseUrl: url, dataDir: '' }, options)
