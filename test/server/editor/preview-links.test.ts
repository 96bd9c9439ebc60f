import t from 'tap'
import { createHmac } from 'node:crypto'
import { createPreviewLinks, linkState, PREVIEW_LINK_TTLS } from '../../../server/editor/preview-links'

// 2026-11-26 00:00 UTC, the clock these tests hold in their hand.
const NOW = Date.UTC(2026, 10, 26)
const HOUR = 3_600_000
const KEY = 'a key of the tests'
const links = createPreviewLinks(KEY)
const STATE = linkState('0123456789abcdef'.repeat(4))
const grant = { kind: 'news', slug: '2026-12-year-end', locale: 'en', state: STATE } as const

t.test('a link opens until its expiry, for the item, language and saved state it names', async (t) => {
  t.equal(STATE, '0123456789abcdef01234567', 'the state: the first 24 hex digits of the hash')
  for (const [ttl, ms] of [['hour', HOUR], ['day', 24 * HOUR], ['week', 7 * 24 * HOUR]] as const) {
    const { token, expires } = links.make(grant, ttl, NOW)
    t.equal(expires, NOW + ms, ttl)
    t.same(links.open(token, NOW), { ok: true, grant: { ...grant, expires } }, `${ttl}: opens at once`)
    t.same(links.open(token, NOW + ms - 1), { ok: true, grant: { ...grant, expires } }, `${ttl}: opens a millisecond before`)
    t.same(links.open(token, NOW + ms), { ok: false, why: 'expired', grant: { ...grant, expires } }, `${ttl}: expired at its instant (what it granted said: its language)`)
    t.same(links.open(token, NOW + ms + 30 * 24 * HOUR), { ok: false, why: 'expired', grant: { ...grant, expires } }, `${ttl}: still expired (not forged) long after`)
  }
  t.equal(PREVIEW_LINK_TTLS.day, 24 * HOUR)
})

t.test('a token altered anywhere, signed with another key, or of the older format, is forged', async (t) => {
  const { token } = links.make(grant, 'day', NOW)
  const [kind, slug, locale, state, expiry, mac] = token.split('.') as [string, string, string, string, string, string]
  const altered = {
    'another item': [kind, '2026-12-other', locale, state, expiry, mac],
    'another kind': ['projects', slug, locale, state, expiry, mac],
    'another language': [kind, slug, 'ja', state, expiry, mac],
    'another state': [kind, slug, locale, linkState('f'.repeat(64)), expiry, mac],
    'a later expiry': [kind, slug, locale, state, (parseInt(expiry, 36) + 7 * 24 * HOUR).toString(36), mac],
    'another signature': [kind, slug, locale, state, expiry, mac.slice(0, -1) + (mac.endsWith('A') ? 'B' : 'A')],
  }
  for (const [what, parts] of Object.entries(altered)) t.same(links.open(parts.join('.'), NOW), { ok: false, why: 'forged' }, what)
  t.same(createPreviewLinks('another key').open(token, NOW), { ok: false, why: 'forged' }, 'another key')
  // An expired token altered is forged, not expired: the expiry of a token not made here means nothing.
  t.same(links.open([kind, slug, locale, state, (NOW - 1).toString(36), mac].join('.'), NOW), { ok: false, why: 'forged' }, 'an earlier expiry')
  // A link made before links named a state (`<kind>.<slug>.<lang>.<expiry>.<signature>`, signed with the same key): no longer valid.
  const old = [kind, slug, locale, expiry].join('.')
  const oldToken = `${old}.${createHmac('sha256', KEY).update(`content-preview\n${old}`).digest('base64url')}`
  t.same(links.open(oldToken, NOW), { ok: false, why: 'forged' }, 'the older format')
  for (const junk of ['', '.', 'a.b.c.d.e', 'a.b.c.d.e.f', token + '.x', 'x'.repeat(5000), 42, null, undefined, { token }]) {
    t.same(links.open(junk, NOW), { ok: false, why: 'forged' }, `junk ${JSON.stringify(junk)?.slice(0, 20)}`)
  }
})

t.test('site parts and pages sign like the rest', async (t) => {
  for (const g of [{ kind: 'site', slug: 'profile', locale: 'ja', state: STATE }, { kind: 'pages', slug: 'recruit', locale: 'ja', state: STATE }] as const) {
    const { token, expires } = links.make(g, 'hour', NOW)
    t.same(links.open(token, NOW), { ok: true, grant: { ...g, expires } })
  }
})
