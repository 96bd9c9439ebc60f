import fp from 'fastify-plugin'
import { createEditorStore } from '../editor/editor-store'
import { editorDialectOf } from '../editor/dialects'
import type { EditorStore } from '../editor/types'
import { dialectOf } from '../inbox/dialects'
import { createInboxStore } from '../inbox/inbox-store'
import type { InboxStore } from '../inbox/types'
import { createStaffStore } from '../staff/store'
import type { StaffStore } from '../staff/types'

declare module 'fastify' {
  interface FastifyInstance {
    /** The staff area's store (server/staff/types.ts): accounts, sessions, the audit log. */
    staffStore: StaffStore
    /** The inquiry inbox's store (server/inbox/types.ts). */
    inboxStore: InboxStore
    /** The content editor's store (server/editor/types.ts). */
    editorStore: EditorStore
  }
}

/**
 * The staff area's, the inbox's and the editor's stores, each built over the site's database
 * (plugins/db.ts) in its engine's words; the contact form builds its own (plugins/contact.ts).
 */
export default fp(
  async (app) => {
    const { database } = app
    app.decorate('staffStore', createStaffStore(database.runner))
    app.decorate('inboxStore', createInboxStore(database.runner, dialectOf(database.engine)))
    app.decorate('editorStore', createEditorStore(database.runner, editorDialectOf(database.engine)))
  },
  { name: 'stores', dependencies: ['db'] },
)
