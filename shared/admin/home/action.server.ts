/** The shell's two forms, answered by the home family: sign-out and the staff member's language. */
import type { FastifyReply } from 'fastify'
import { nextPath } from '../../../server/staff/http/return-path'
import { auditOf } from '../../../server/staff/http/services'
import { clearSessionCookie } from '../../../server/staff/http/session'
import { isLocale } from '../../i18n/locales'
import { STAFF_PATHS } from '../paths'
import type { StaffActionContext } from '../types'

/** POST /admin/sign-out (the user menu): ends this session (audited), forgets the cookie and anything the browser cached, to the sign-in page. */
export async function signOut({ req, reply }: StaffActionContext): Promise<FastifyReply> {
  const live = req.staffSession!
  await req.server.staffArea.store.endSession(live.session.idHash, auditOf(req, live.account.id, 'signout', 'session'))
  req.staffSession = null
  clearSessionCookie(reply)
  reply.header('clear-site-data', '"cache"')
  return reply.redirect(`${STAFF_PATHS.signIn}?signedOut=1`, 303)
}

/** POST /admin/language (the shell's language links): the account's language for the staff area (remembered with the account), back to the page. */
export async function changeLanguage({ req, reply, body }: StaffActionContext): Promise<FastifyReply> {
  const live = req.staffSession!
  const { locale } = body
  if (isLocale(locale) && locale !== live.account.locale) {
    await req.server.staffArea.store.updateAccount(live.account.id, { locale }, auditOf(req, live.account.id, 'account.locale', `account:${live.account.id}`))
  }
  return reply.redirect(nextPath(body.next), 303)
}
