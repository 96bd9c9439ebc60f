import t from 'tap'
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { MIGRATIONS, openDatabase, schemaVersion } from '../../../server/database'
import { resolveFormSecret } from '../../../server/form-secret'
import { newReference } from '../../../server/contact/types'
import { createTokenSigner, TOKEN_MAX_AGE_MS } from '../../../server/contact/token'
import { normalizeContact } from '../../../shared/pages/contact/normalize'
import { REFERENCE_PATTERN } from '../../../shared/pages/contact/page-data'
import { contactApp, freshToken, tempDataDir, validInquiry, withFormToken } from './helper'
import { sqliteStores } from '../stores'

const values = normalizeContact(validInquiry(), 'ja')

t.test('the database: WAL, synchronous=FULL, schema migrated once', async (t) => {
  const dir = tempDataDir(t)
  const db = openDatabase(dir)
  t.equal(db.pragma('journal_mode', { simple: true }), 'wal')
  t.equal(db.pragma('synchronous', { simple: true }), 2, 'FULL')
  t.equal(schemaVersion(db), 9)
  db.close()
  const again = openDatabase(dir)
  t.equal(again.prepare('SELECT COUNT(*) FROM schema_migrations').pluck().get(), MIGRATIONS.length, 'a restart applies nothing twice')
  again.close()
})

t.test('references: Q-<Tokyo day>-<6 Crockford characters>', async (t) => {
  t.match(newReference(new Date('2026-11-21T15:30:00Z')), /^Q-20261122-[0-9A-HJKMNP-TV-Z]{6}$/, 'already the 22nd in Tokyo')
  const many = new Set(Array.from({ length: 2000 }, () => newReference(new Date())))
  t.ok(many.size > 1990, 'random enough')
  t.ok([...many].every((ref) => REFERENCE_PATTERN.test(ref)), 'every one matches the pattern the success page accepts')
})

// Inserting, the token's idempotency, the auto-reply cap and the outbox claims: store-contract.test.ts (both engines).

t.test('inquiries survive a restart of the app', async (t) => {
  const dataDir = tempDataDir(t)
  const first = await contactApp(t, {}, {}, dataDir)
  const res = await first.app.inject({ method: 'POST', url: '/api/contact', payload: await withFormToken(first.app, validInquiry()) })
  await first.app.close()
  const second = await contactApp(t, {}, {}, dataDir)
  t.equal(res.statusCode, 201)
  const db = openDatabase(dataDir)
  t.teardown(() => db.close())
  t.ok(await sqliteStores(db).find(res.json().id), 'still there')
  t.equal((await second.app.inject('/contact')).statusCode, 200)
})

t.test('form secret: FORM_SECRET, else generated once and kept in DATA_DIR', async (t) => {
  const dir = tempDataDir(t)
  t.equal(resolveFormSecret('configured-secret-123456', dir), 'configured-secret-123456')
  const generated = resolveFormSecret('', dir)
  t.ok(generated.length >= 40)
  t.equal(resolveFormSecret('', dir), generated, 'the same after a restart')
  t.equal(readFileSync(join(dir, 'form-secret'), 'utf8').trim(), generated)
  t.equal(statSync(join(dir, 'form-secret')).mode & 0o777, 0o600, 'readable by the server user only')
})

t.test('a form served before a restart can be sent after it', async (t) => {
  const dataDir = tempDataDir(t)
  const before = await contactApp(t, {}, {}, dataDir)
  const token = await freshToken(before.app)
  await before.app.close()
  const after = await contactApp(t, {}, {}, dataDir)
  const res = await after.app.inject({ method: 'POST', url: '/contact', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `_token=${encodeURIComponent(token)}&step=edit` })
  t.equal(res.statusCode, 200)
})

t.test('tokens: signed, timed, tamper-proof', async (t) => {
  const signer = createTokenSigner('a-test-secret-of-some-length')
  const now = Date.now()
  const token = signer.issue(now)
  t.same(signer.verify(token, now + 1000), { ok: true, issuedAt: now })
  t.same(signer.verify(token, now + TOKEN_MAX_AGE_MS + 1), { ok: false, reason: 'expired' })
  t.same(signer.verify(token, now - 120_000), { ok: false, reason: 'expired' }, 'issued in the future')
  const tampered = token.replace(/^v1\.[0-9a-z]+/, `v1.${(now - 600_000).toString(36)}`)
  t.same(signer.verify(tampered, now), { ok: false, reason: 'signature' }, 'an older time cannot be forged')
  t.same(signer.verify(42, now), { ok: false, reason: 'malformed' })
  t.same(signer.verify('x'.repeat(500), now), { ok: false, reason: 'malformed' })
})
