import type { FastifyReply, FastifyRequest } from 'fastify'
import { randomToken, sha256Hex } from '../tokens'
import type { Account, AuditEntry, Session, StaffStore } from '../types'

/**
 * The staff session cookie: `__Host-` (the browser sends it only to this origin, over a secure
 * context, at Path=/, without Domain), HttpOnly, Secure (Chromium also takes a Secure cookie from
 * http://localhost), SameSite=Strict. It carries a random id; the store keeps only its SHA-256.
 */
export const SESSION_COOKIE = '__Host-staff'

export interface SessionLimits {
  idleMs: number
  maxMs: number
}

/** A session that is still valid, with its account (enabled). */
export interface LiveSession {
  session: Session
  account: Account
}

const USER_AGENT_MAX = 200

/** What a session records of its browser: the User-Agent, shortened, without control characters. */
export function deviceOf(req: FastifyRequest): string {
  const ua = req.headers['user-agent']
  return typeof ua === 'string' ? ua.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, USER_AGENT_MAX) : ''
}

/** Whether the session is over at `now`: unused longer than the idle limit, or older than the absolute one. */
export function expired(session: Session, limits: SessionLimits, now: number): boolean {
  return now - session.lastSeenAt > limits.idleMs || now - session.createdAt > limits.maxMs
}

/**
 * The request's session: its cookie's id hashed and looked up; null when there is none, it is over
 * (idle or absolute limit, by the injected clock), or its account is gone or disabled. A live
 * session's use is recorded (last seen, address), which moves its idle limit; unless `renew` is false:
 * a request a page sends on its own (the editor's heartbeat) is no sign of a person, and an open page
 * left alone must still reach the idle limit.
 */
export async function readSession(req: FastifyRequest, store: StaffStore, limits: SessionLimits, now: number, { renew = true } = {}): Promise<LiveSession | null> {
  const id = req.cookies[SESSION_COOKIE]
  if (typeof id !== 'string' || id.length < 20 || id.length > 100) return null
  const idHash = sha256Hex(id)
  const session = await store.findSession(idHash)
  if (!session) return null
  if (expired(session, limits, now)) {
    await store.endSession(idHash, { at: now, accountId: session.accountId, address: req.ip, action: 'session.expire', target: 'session', outcome: 'ok' })
    return null
  }
  const account = await store.findAccount(session.accountId)
  if (!account || account.disabled) return null
  if (!renew) return { session, account }
  await store.touchSession(idHash, now, req.ip)
  return { session: { ...session, lastSeenAt: now, address: req.ip }, account }
}

/** A session row for the account under a new random id (returned too: the cookie's value), proven and used now by this request's browser. */
function newSession(req: FastifyRequest, accountId: string, now: number, kept: Pick<Session, 'createdAt' | 'csrfToken'>): { id: string; session: Session } {
  const id = randomToken()
  const session = { idHash: sha256Hex(id), accountId, createdAt: kept.createdAt, lastSeenAt: now, verifiedAt: now, csrfToken: kept.csrfToken, userAgent: deviceOf(req), address: req.ip }
  return { id, session }
}

function setSessionCookie(reply: FastifyReply, id: string, limits: SessionLimits): void {
  reply.setCookie(SESSION_COOKIE, id, { path: '/', httpOnly: true, secure: true, sameSite: 'strict', maxAge: Math.floor(limits.maxMs / 1000) })
}

/**
 * Starts a session for the account: always a new random id (never one the browser brought along),
 * with its own synchronizer token, written with its audit entry ('signin'), and the cookie set. The
 * session the browser brought (whoever's it was) ends in the same transaction: a cookie planted or
 * copied before the sign-in is worth nothing after it.
 */
export async function startSession(req: FastifyRequest, reply: FastifyReply, store: StaffStore, account: Account, limits: SessionLimits, now: number, audit: AuditEntry): Promise<Session> {
  const { id, session } = newSession(req, account.id, now, { createdAt: now, csrfToken: randomToken() })
  const brought = req.staffSession?.session.idHash
  if (!brought || !(await store.replaceSession(brought, session, audit))) await store.addSession(session, audit)
  setSessionCookie(reply, id, limits)
  return session
}

/**
 * After a re-authentication: the request's session goes on under a new id, proven now, in place of
 * the old one (ended, with the audit entry, in one transaction) and the cookie set: a cookie copied
 * before the confirmation is worth nothing after it. The session keeps its start, so its absolute
 * limit does not move, and its synchronizer token: the token is no secret the old cookie unlocks (it
 * is worth nothing without the new cookie), and this browser's other open tabs hold it in their forms
 * and scripts (they send the new cookie), which a new token would make fail for nothing.
 * False, and nothing changed, when the session ended meanwhile (a sign-out, another tab's confirmation).
 */
export async function renewSession(req: FastifyRequest, reply: FastifyReply, audit: AuditEntry): Promise<boolean> {
  const { store, limits, now } = req.server.staffArea
  const live = req.staffSession!
  const { id, session } = newSession(req, live.account.id, now(), live.session)
  if (!(await store.replaceSession(live.session.idHash, session, audit))) return false
  setSessionCookie(reply, id, limits)
  live.session = session
  return true
}

/** Forgets the cookie in the browser (the session row is ended by the caller, with its audit entry). */
export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, secure: true, sameSite: 'strict' })
}
