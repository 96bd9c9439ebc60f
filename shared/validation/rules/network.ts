import { simpleRule } from '../define'
import { matches, textTest } from '../text'
import type { RuleDef } from '../types'

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])'
const IPV4_RE = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`)
const IPV6_FULL_RE = /^[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){7}$/
const HEX_GROUP_RE = /^[0-9A-Fa-f]{1,4}$/

/** The four octets of a dotted IPv4 address (no leading zeros), else null. */
export function parseIPv4(text: string): number[] | null {
  return IPV4_RE.test(text) ? text.split('.').map(Number) : null
}

/**
 * The eight 16-bit groups of an IPv6 address, full or '::'-compressed, with an optional
 * dotted IPv4 tail ('::ffff:192.168.0.1'); zone ids ('%eth0') and brackets are not accepted.
 */
export function parseIPv6(text: string): number[] | null {
  const halves = text.split('::')
  if (halves.length > 2) return null
  const parse = (part: string, tailAllowed: boolean): number[] | null => {
    if (part === '') return []
    const out: number[] = []
    const pieces = part.split(':')
    for (const [i, piece] of pieces.entries()) {
      const v4 = tailAllowed && i === pieces.length - 1 ? parseIPv4(piece) : null
      if (v4) out.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0))
      else if (HEX_GROUP_RE.test(piece)) out.push(parseInt(piece, 16))
      else return null
    }
    return out
  }
  const head = parse(halves[0] ?? '', halves.length === 1)
  const tail = halves.length === 2 ? parse(halves[1] ?? '', true) : []
  if (!head || !tail) return null
  if (halves.length === 1) return head.length === 8 ? head : null
  const missing = 8 - head.length - tail.length
  return missing >= 1 ? [...head, ...Array<number>(missing).fill(0), ...tail] : null
}

/** 0.0.0.0/8 (this host), 127/8 (loopback), 10/8, 172.16/12, 192.168/16 (private), 169.254/16 (link-local). */
function isLocalIPv4([a = -1, b = -1]: number[]): boolean {
  return a === 0 || a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254)
}

/** ::, ::1, fc00::/7 (unique local), fe80::/10 (link-local), and IPv4-mapped local addresses. */
function isLocalIPv6(groups: number[]): boolean {
  const first = groups[0] ?? 0
  const zeroHead = groups.slice(0, 5).every((g) => g === 0)
  if (zeroHead && groups[5] === 0 && groups[6] === 0 && (groups[7] === 0 || groups[7] === 1)) return true
  if ((first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80) return true
  if (zeroHead && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6)
    return isLocalIPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff])
  }
  return false
}

export const networkRules: RuleDef[] = [
  simpleRule(
    'network',
    'domain',
    'A domain name: at least two dot-separated labels of letters, digits and inner hyphens; an alphabetic or punycode TLD.',
    matches(/^(?=.{1,253}$)(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$/),
  ),
  simpleRule('network', 'ipv4', 'A dotted IPv4 address: four decimal octets 0-255 without leading zeros.', matches(IPV4_RE)),
  simpleRule('network', 'ipv6', "A full IPv6 address: eight ':'-separated groups of 1-4 hex digits (no '::').", matches(IPV6_FULL_RE)),
  simpleRule('network', 'macAddress', "A MAC address: six ':'-separated pairs of hex digits.", matches(/^[0-9A-Fa-f]{2}(?::[0-9A-Fa-f]{2}){5}$/)),
  simpleRule(
    'network',
    'notLocalIp',
    'Not a loopback, private, link-local or unspecified IPv4/IPv6 address (other text passes: combine with ipv4/ipv6).',
    textTest((text) => {
      const v4 = parseIPv4(text)
      if (v4) return !isLocalIPv4(v4)
      const v6 = parseIPv6(text)
      return !(v6 && isLocalIPv6(v6))
    }),
  ),
]
