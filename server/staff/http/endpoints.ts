import type { FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS, type StaffPathId } from '../../../shared/admin/paths'
import { INBOX_ROLES, STAFF_ROLES } from '../../../shared/admin/roles'
import { requestPath } from '../../request-locale'
import type { StaffAccess } from '../../../shared/admin/types'
import { changeLanguage, signOut } from './account-actions'
import { enrolPasskey, enrolPasskeyOptions } from './enrol-passkey'
import { confirmPasskey, confirmPasskeyOptions } from './confirm'
import { changeInquiry, replyToInquiry, retryInquiryMail } from './inquiry-posts'
import { passkeyOptions, passkeySignIn } from './passkey-sign-in'
import { securityPasskeyAdd, securityPasskeyOptions } from './security'
import { inboxEndpoints } from './inbox-endpoints'
import { contentEndpoints } from './content-endpoints'

/**
 * The staff POSTs that are not a page's own form: sign-out and the language (forms with the
 * session's token), and the passkey steps (JSON, by the staff client). With the page routes
 * (shared/admin/routes.ts) this is the whole table of who may do what; the plugin checks Origin,
 * the role and (signed in) the session's token before any handler runs.
 */
export interface StaffEndpoint {
  id: StaffPathId
  access: StaffAccess
  /**
   * 'form': application/x-www-form-urlencoded with `_csrf`; 'json': application/json with the X-CSRF-Token header when signed in;
   * 'upload': multipart/form-data, one file of at most `maxBytes` (the body: its fields and `upload`, multipart.ts), the token
   * in the X-CSRF-Token header or a `_csrf` field, read after the Origin and role checks; answered (errors too) in JSON.
   */
  kind: 'form' | 'json' | 'upload'
  /** An upload's largest file (kind 'upload'). */
  maxBytes?: number
  /** A sensitive step: refused without a factor proved in the last 5 minutes (reauth.ts). */
  recent?: true
  /** Sent by a page's script on its own (a heartbeat), not by a person: it reads the session without renewing it (session.ts). */
  automatic?: true
  /** The page the confirmation brings the staff member back to (default: the form's own path; an endpoint's form comes from another page). */
  back?: (req: FastifyRequest) => string
  /** Replies itself, or (a form) returns a page to render: StaffPageAnswer (pages.ts), its form again with errors. */
  handle: (req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>, params: Record<string, string>) => Promise<unknown>
}

export const staffEndpoints: StaffEndpoint[] = [
  { id: 'signOut', access: STAFF_ROLES, kind: 'form', handle: signOut },
  { id: 'language', access: STAFF_ROLES, kind: 'form', handle: changeLanguage },
  { id: 'passkeyOptions', access: 'anyone', kind: 'json', handle: passkeyOptions },
  { id: 'passkeySignIn', access: 'anyone', kind: 'json', handle: passkeySignIn },
  { id: 'enrolPasskeyOptions', access: 'anyone', kind: 'json', handle: enrolPasskeyOptions },
  { id: 'enrolPasskey', access: 'anyone', kind: 'json', handle: enrolPasskey },
  { id: 'confirmPasskeyOptions', access: STAFF_ROLES, kind: 'json', handle: confirmPasskeyOptions },
  { id: 'confirmPasskey', access: STAFF_ROLES, kind: 'json', handle: confirmPasskey },
  { id: 'securityPasskeyOptions', access: STAFF_ROLES, kind: 'json', recent: true, handle: securityPasskeyOptions },
  { id: 'securityPasskey', access: STAFF_ROLES, kind: 'json', recent: true, handle: securityPasskeyAdd },
  { id: 'inquiryChange', access: INBOX_ROLES, kind: 'form', handle: changeInquiry },
  { id: 'inquiryReply', access: INBOX_ROLES, kind: 'form', handle: replyToInquiry },
  { id: 'inquiryRetry', access: INBOX_ROLES, kind: 'form', handle: retryInquiryMail },
  ...inboxEndpoints,
  ...contentEndpoints,
]

/** Whether a request is one a page sends on its own (a POST to an `automatic` endpoint): no sign that anyone is at work. */
export function isAutomatic(req: FastifyRequest): boolean {
  return req.method === 'POST' && matchEndpoint(requestPath(req))?.endpoint.automatic === true
}

/** The endpoint a path names and its parameters, or null. */
export function matchEndpoint(path: string): { endpoint: StaffEndpoint; params: Record<string, string> } | null {
  const got = path.split('/')
  for (const endpoint of staffEndpoints) {
    const want = STAFF_PATHS[endpoint.id].split('/')
    if (want.length !== got.length) continue
    const params: Record<string, string> = {}
    if (want.every((part, i) => (part[0] === ':' ? !!got[i] && ((params[part.slice(1)] = got[i]!), true) : part === got[i]))) return { endpoint, params }
  }
  return null
}
