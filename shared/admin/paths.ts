/**
 * THE table of the staff area's paths (no language prefix: the staff member's language is their
 * account's). Imports nothing; no staff path is written anywhere else (test/structure.test.ts).
 */
export const STAFF_PATHS = {
  home: '/admin',
  signIn: '/admin/sign-in',
  signOut: '/admin/sign-out',
  passkeyOptions: '/admin/passkey/options',
  passkeySignIn: '/admin/passkey/sign-in',
  enrolPasskeyOptions: '/admin/enrol/:token/passkey-options',
  enrolPasskey: '/admin/enrol/:token/passkey',
  language: '/admin/language',
  sessions: '/admin/sessions',
  confirm: '/admin/confirm',
  confirmPasskeyOptions: '/admin/confirm/passkey-options',
  confirmPasskey: '/admin/confirm/passkey',
  security: '/admin/security',
  securityPasskeyOptions: '/admin/security/passkey-options',
  securityPasskey: '/admin/security/passkey',
  enrol: '/admin/enrol/:token',
  inquiries: '/admin/inquiries',
  // The inbox. Fixed paths before '/admin/inquiries/:id' in the route table.
  inquiriesStats: '/admin/inquiries/stats',
  inquiriesExport: '/admin/inquiries/export',
  inquiriesPerson: '/admin/inquiries/person',
  inquiriesPersonExport: '/admin/inquiries/person/export',
  inquiriesPersonErase: '/admin/inquiries/person/erase',
  inquiry: '/admin/inquiries/:id',
  inquiryChange: '/admin/inquiries/:id/change',
  inquiryReply: '/admin/inquiries/:id/reply',
  inquiryRetry: '/admin/inquiries/:id/retry',
  // The content editor. Fixed paths before '/admin/content/:kind/:slug' in the route table.
  content: '/admin/content',
  contentNew: '/admin/content/new/:kind',
  contentImages: '/admin/content/images',
  contentItem: '/admin/content/:kind/:slug',
  contentPublish: '/admin/content/:kind/:slug/publish',
  contentDelete: '/admin/content/:kind/:slug/delete',
  contentRevisions: '/admin/content/:kind/:slug/revisions',
  contentRestore: '/admin/content/:kind/:slug/restore',
  contentPreview: '/admin/content/:kind/:slug/preview',
  contentPreviewLink: '/admin/content/:kind/:slug/preview-link',
  contentPresence: '/admin/content/:kind/:slug/presence',
  // A signed preview link (anyone holding it, until it expires): the public page as it would be.
  contentSharedPreview: '/admin/preview/:token',
  accounts: '/admin/accounts',
  audit: '/admin/audit',
  tokens: '/admin/tokens',
  apiMe: '/admin/api/me',
  apiAudit: '/admin/api/audit',
  apiInquiries: '/admin/api/inquiries',
  apiInquiry: '/admin/api/inquiries/:id',
  apiInquiryNotes: '/admin/api/inquiries/:id/notes',
} as const

export type StaffPathId = keyof typeof STAFF_PATHS

/**
 * The path parameters that are secrets (':token': a one-time enrolment link, a signed preview link): whoever
 * holds the path may use it, so no log line or audit entry ever holds them as they are (server/logged-url.ts).
 */
export const SECRET_PARAMS = ['token'] as const

/** The root of the staff area: it and every path under it are staff answers. */
export const STAFF_ROOT = STAFF_PATHS.home

/** Whether a path (without its query) is the staff area's: '/admin' or '/admin/…'. */
export function isStaffPath(path: string): boolean {
  return path === STAFF_ROOT || path.startsWith(`${STAFF_ROOT}/`)
}

/** A staff path with its parameters: staffHref('enrol', { token }) -> '/admin/enrol/<token>'. */
export function staffHref(id: StaffPathId, params: Record<string, string> = {}): string {
  return STAFF_PATHS[id].replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name]
    if (!value) throw Error(`staffHref ${id}: no ${name}`)
    return encodeURIComponent(value)
  })
}
