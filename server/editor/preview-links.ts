import { createHmac, timingSafeEqual } from 'node:crypto'
import { ITEM_KINDS, SITE_PARTS, SLUG_RE, type ItemKind } from '../../shared/admin/editor-model/items'
import { isLocale, type Locale } from '../../shared/i18n/locales'

/** The lifetimes a signed preview link may be given (the form's choice). */
export const PREVIEW_LINK_TTLS = { hour: 3_600_000, day: 86_400_000, week: 7 * 86_400_000 } as const
export type PreviewLinkTtl = keyof typeof PREVIEW_LINK_TTLS

export const isPreviewLinkTtl = (value: unknown): value is PreviewLinkTtl => typeof value === 'string' && Object.hasOwn(PREVIEW_LINK_TTLS, value)

/** What a preview link shows: one language of one item in one saved state (linkState of its hash), until `expires` (ms). */
export interface PreviewGrant {
  kind: ItemKind
  slug: string
  locale: Locale
  state: string
  expires: number
}

/**
 * A token's fate: what it grants, or why not ('forged': not made here, or altered, or of an older format;
 * 'expired': made here, too late, with what it granted: the page that says so speaks its language).
 */
export type OpenedLink = { ok: true; grant: PreviewGrant } | { ok: false; why: 'expired'; grant: PreviewGrant } | { ok: false; why: 'forged' }

const MAX_TOKEN = 400
const STATE_RE = /^[0-9a-f]{24}$/

/** The saved state a link is made for: the first 96 bits of the item's hash (files.ts), enough to tell its states apart. */
export const linkState = (hash: string): string => hash.slice(0, 24)

/** Whether an item of this kind may have this slug (site: its two parts only). */
export function isItemSlug(kind: ItemKind, slug: string): boolean {
  return kind === 'site' ? (SITE_PARTS as readonly string[]).includes(slug) : SLUG_RE.test(slug) && slug.length <= 120
}

/**
 * Signed preview links: `<kind>.<slug>.<locale>.<state>.<expiry, base 36>.<HMAC-SHA256>`, the HMAC over
 * the five values with a key of its own (derived from the form secret: FORM_SECRET, or
 * DATA_DIR/form-secret), so any replica opens what another made, and nothing is stored. `state` names the
 * item's saved state the link was made for (linkState): the caller refuses the link once the item's hash
 * is another. A token altered in any part, or of the older format without a state, is forged (404); one
 * made here whose expiry has passed is expired (410). The clock is the caller's (tests move it).
 */
export function createPreviewLinks(key: string) {
  const mac = (payload: string) => createHmac('sha256', key).update(`content-preview\n${payload}`).digest('base64url')
  return {
    make(grant: Omit<PreviewGrant, 'expires'>, ttl: PreviewLinkTtl, nowMs: number): { token: string; expires: number } {
      const expires = Math.floor(nowMs + PREVIEW_LINK_TTLS[ttl])
      const payload = [grant.kind, grant.slug, grant.locale, grant.state, expires.toString(36)].join('.')
      return { token: `${payload}.${mac(payload)}`, expires }
    },
    open(token: unknown, nowMs: number): OpenedLink {
      const forged = { ok: false, why: 'forged' } as const
      if (typeof token !== 'string' || token.length > MAX_TOKEN) return forged
      const parts = token.split('.')
      if (parts.length !== 6) return forged
      const [kind, slug, locale, state, expiry, sent] = parts as [string, string, string, string, string, string]
      const given = Buffer.from(sent)
      const expected = Buffer.from(mac(parts.slice(0, 5).join('.')))
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return forged
      // Signed here, so well formed; checked all the same (a key shared with an older format must not crash a request).
      if (!(ITEM_KINDS as readonly string[]).includes(kind) || !isLocale(locale) || !STATE_RE.test(state) || !/^[0-9a-z]{1,12}$/.test(expiry)) return forged
      if (!isItemSlug(kind as ItemKind, slug)) return forged
      const grant = { kind: kind as ItemKind, slug, locale, state, expires: parseInt(expiry, 36) }
      return grant.expires <= nowMs ? { ok: false, why: 'expired', grant } : { ok: true, grant }
    },
  }
}

export type PreviewLinks = ReturnType<typeof createPreviewLinks>
