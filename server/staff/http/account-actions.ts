import type { FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import { isLocale } from '../../../shared/i18n/locales'
import { auditOf } from './services'
import { clearSessionCookie } from './session'
import { nextPath } from './sign-in'

/** POST /admin/sign-out: ends this session (audited), forgets the cookie and anything the browser cached, to the sign-in page. */
export async function signOut(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const live = req.staffSession!
  await req.server.staffArea.store.endSession(live.session.idHash, auditOf(req, live.account.id, 'signout', 'session'))
  req.staffSession = null
  clearSessionCookie(reply)
  reply.header('clear-site-data', '"cache"')
  return reply.redirect(`${STAFF_PATHS.signIn}?signedOut=1`, 303)
}

/** POST /admin/language: the account's language for the staff area (remembered with the account), back to the page. */
export async function changeLanguage(req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>): Promise<FastifyReply> {
  const live = req.staffSession!
  const locale = body.locale
  if (isLocale(locale) && locale !== live.account.locale) {
    await req.server.staffArea.store.updateAccount(live.account.id, { locale }, auditOf(req, live.account.id, 'account.locale', `account:${live.account.id}`))
  }
  return reply.redirect(nextPath(body.next), 303)
}
