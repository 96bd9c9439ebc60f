/**
 * The content editor's work as one service, whoever asks: the editor's pages and forms today, a command
 * or a job as well. Every method takes the actor (server/staff/actor.ts) and plain inputs, never a
 * request, and answers a typed outcome the caller turns into its page or status. The rules live here: the
 * editor's form checks, the whole content folder checked as content:check would before anything is
 * written, a change based on another hash than the item's now refused (a conflict), and every change
 * written with its revision and 'content.change' audit entry in one transaction (EditorStore.commit),
 * then the content reloaded. Built once by the editor plugin (server/plugins/editor.ts).
 */
import { itemWork } from './service-item'
import { linkWork } from './service-links'
import { fixWork } from './service-raw'
import { saveWork } from './service-save'
import type { EditorServiceDeps } from './service-types'

export type * from './service-types'

export function createEditorService(deps: EditorServiceDeps) {
  return { ...saveWork(deps), ...fixWork(deps), ...itemWork(deps), ...linkWork(deps) }
}

export type EditorService = ReturnType<typeof createEditorService>
