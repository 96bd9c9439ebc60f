/** The revisions page's restore, handed to the editor's own code (server/editor/http/revisions.ts). */
import { restoreRevision } from './revisions.server'
import type { StaffActionContext } from '../types'

/** POST /admin/content/:kind/:slug/restore (`seq`, `hash`, `confirmed`): a revision restored after its confirmation. */
export const restore = ({ req, reply, body, params }: StaffActionContext<Record<string, unknown>>) => restoreRevision(req, reply, body, params)
