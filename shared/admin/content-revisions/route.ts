import { formAction, staffRoute } from '../define'
import { EDITOR_ROLES } from '../roles'
import type { RevisionsData } from './page-data'
import { RevisionsPage } from './revisions-page'
import { loadRevisionsPage } from './loader.server'
import { restore } from './action.server'

/** An item's revisions: who changed what when, two compared field by field, a restore (its own path, after a confirmation). */
export const revisionsRoute = staffRoute<RevisionsData>({
  id: 'contentRevisions',
  Component: RevisionsPage,
  access: EDITOR_ROLES,
  titleKey: 'staff.content.revisions.title',
  loader: loadRevisionsPage,
  actions: [formAction({ at: 'contentRestore', fields: ['seq', 'hash', 'confirmed'], handle: restore })],
})
