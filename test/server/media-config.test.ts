// MEDIA_WARM and MEDIA_WARM_READY_TIMEOUT (server/config-media.ts): their defaults, the values taken, and the
// one line a wrong one stops the start with.
import t from 'tap'
import { loadConfig, unknownSettings } from '../../server/config'
import { configError } from '../helper'

t.test('defaults: variants made ahead, /readyz does not wait for them (one replica alone stays in rotation)', async (t) => {
  t.same(loadConfig({}).media, { warm: true, warmReadyTimeoutMs: 0 })
})

t.test('the values taken', async (t) => {
  t.same(loadConfig({ MEDIA_WARM: 'off' }).media, { warm: false, warmReadyTimeoutMs: 0 }, 'off')
  t.equal(loadConfig({ MEDIA_WARM: 'false' }).media.warm, false, 'false, as the other switches')
  t.equal(loadConfig({ MEDIA_WARM: 'true' }).media.warm, true, 'true')
  t.equal(loadConfig({ MEDIA_WARM_READY_TIMEOUT: '0' }).media.warmReadyTimeoutMs, 0, '0: do not wait')
  t.equal(loadConfig({ MEDIA_WARM_READY_TIMEOUT: '5m' }).media.warmReadyTimeoutMs, 300_000)
  t.equal(loadConfig({ MEDIA_WARM_READY_TIMEOUT: '90 seconds' }).media.warmReadyTimeoutMs, 90_000)
  t.equal(loadConfig({ MEDIA_WARM_READY_TIMEOUT: '1h' }).media.warmReadyTimeoutMs, 3_600_000, 'an hour at most')
})

t.test('a wrong value: one line naming the variable and what it takes', async (t) => {
  t.match(configError({ MEDIA_WARM: 'maybe' }), /^MEDIA_WARM: invalid value "maybe" \(one of on, off, true, false\)$/)
  t.match(configError({ MEDIA_WARM_READY_TIMEOUT: 'soon' }), /^MEDIA_WARM_READY_TIMEOUT: invalid value "soon" \(allowed: a duration: .*e\.g\. 60s \(0: do not wait\)\)$/)
  t.match(configError({ MEDIA_WARM_READY_TIMEOUT: '2h' }), /^MEDIA_WARM_READY_TIMEOUT: must be at most 1 hour/)
  t.same(unknownSettings({ MEDIA_WRAM: 'off', MEDIA_CACHE_DIR: '/tmp' }), [
    'MEDIA_WRAM is not a setting of this site (did you mean MEDIA_WARM?): it is ignored',
    'MEDIA_CACHE_DIR is not a setting of this site: it is ignored',
  ], 'a typo, and a MEDIA_ variable that is none, are warned about')
})
