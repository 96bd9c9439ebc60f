/**
 * The staff roles as the pages know them (the same list as server/staff/types.ts ROLES, which the
 * browser build may not import; test/server/staff/staff-routes.test.ts checks they agree).
 * admin: accounts, settings, everything; editor: content; responder: inquiries.
 */
export const STAFF_ROLES = ['admin', 'editor', 'responder'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** Who works in the inquiry inbox, and to whom an inquiry may be assigned. */
export const INBOX_ROLES = ['admin', 'responder'] as const satisfies readonly StaffRole[]

/** Who edits the site's content: news, projects, pages, menus and the company profile. */
export const EDITOR_ROLES = ['admin', 'editor'] as const satisfies readonly StaffRole[]
