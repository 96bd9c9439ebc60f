/**
 * The staff roles, the one list the pages and the server read (server/staff/types.ts's Role and isRole
 * are this list; the SQL CHECK of the accounts and tokens tables names the same three).
 * admin: accounts, settings, everything; editor: content; responder: inquiries.
 */
export const STAFF_ROLES = ['admin', 'editor', 'responder'] as const
export type StaffRole = (typeof STAFF_ROLES)[number]

/** Who works in the inquiry inbox, and to whom an inquiry may be assigned. */
export const INBOX_ROLES = ['admin', 'responder'] as const satisfies readonly StaffRole[]

/** Who edits the site's content: news, projects, pages, menus and the company profile. */
export const EDITOR_ROLES = ['admin', 'editor'] as const satisfies readonly StaffRole[]
