import type { StaffEndpoint } from './endpoints'

/**
 * The content editor's POSTs that are not a page's own form (issue #27): publish, delete, restore,
 * the preview and its signed link, the presence heartbeat, the image upload. Editors and admins
 * (EDITOR_ROLES); the pipeline checks Origin, the role and the session's token before each handler.
 */
export const contentEndpoints: StaffEndpoint[] = []
