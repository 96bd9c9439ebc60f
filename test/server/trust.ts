// What a TRUST_PROXY value does to requests arriving through a proxy, seen through the real app: the
// contact rate limit (one budget per client identity) and HSTS (sent when the request came over HTTPS).
import type { FastifyInstance } from 'fastify'
import type { Config } from '../../server/config'
import { build, testConfig } from '../helper'

/** A request as the site's socket sees it: the peer's address and the forwarded headers it sent. */
export interface Arrival {
  remoteAddress: string
  forwardedFor?: string
  forwardedProto?: string
}

const headers = (a: Arrival) => ({
  'content-type': 'application/json',
  ...(a.forwardedFor ? { 'x-forwarded-for': a.forwardedFor } : {}),
  ...(a.forwardedProto ? { 'x-forwarded-proto': a.forwardedProto } : {}),
})

/** The app with this trust, and a contact budget of one POST per client and minute. */
export async function trustingApp(t: { teardown: (fn: () => unknown) => void }, trustProxy: Config['trustProxy']): Promise<FastifyInstance> {
  return build(t, { trustProxy, contact: { ...testConfig().contact, rateLimitMax: 1, rateLimitWindowMs: 60_000, minFillMs: 0 } })
}

/** Whether `second` is counted against the budget `first` spent (the same client to the rate limiter). */
export async function sameClient(app: FastifyInstance, first: Arrival, second: Arrival): Promise<boolean> {
  const post = (a: Arrival) => app.inject({ method: 'POST', url: '/api/contact', remoteAddress: a.remoteAddress, headers: headers(a), payload: '{}' })
  const spent = await post(first)
  if (spent.statusCode === 429) throw new Error('the budget was spent before the test')
  const limited = await post(second)
  return limited.statusCode === 429
}

/** Whether the answer to a page request carries Strict-Transport-Security (the site believed it came over HTTPS). */
export async function hsts(app: FastifyInstance, a: Arrival): Promise<boolean> {
  const res = await app.inject({ method: 'GET', url: '/en', remoteAddress: a.remoteAddress, headers: headers(a) })
  return res.statusCode === 200 && res.headers['strict-transport-security'] !== undefined
}
