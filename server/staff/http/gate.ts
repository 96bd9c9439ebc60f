import type { FastifyRequest } from 'fastify'

/** Host names that only ever name this machine. */
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]'])

/** The host name of a Host header, lower case, without its port ('[::1]:3000' -> '[::1]'). */
export function hostName(header: string | undefined): string {
  if (!header) return ''
  const host = header.trim().toLowerCase()
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1)
  const colon = host.indexOf(':')
  return colon === -1 ? host : host.slice(0, colon)
}

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 addresses. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  return address === '::1' || /^(?:::ffff:)?127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/i.test(address)
}

/**
 * Whether the staff area may answer this request: over HTTPS (the connection's own, or the
 * X-Forwarded-Proto of a proxy TRUST_PROXY names: req.protocol), or on this machine: a loopback
 * name in the Host header, from a loopback peer, whose client (req.ip: the forwarded one behind a
 * trusted proxy) is loopback too. Anything else is refused (403, a page saying why).
 */
export function servedSecurely(req: FastifyRequest): boolean {
  if (req.protocol === 'https') return true
  return LOOPBACK_HOSTS.has(hostName(req.headers.host)) && isLoopbackAddress(req.socket.remoteAddress) && isLoopbackAddress(req.ip)
}
