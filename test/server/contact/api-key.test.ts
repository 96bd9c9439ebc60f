import t from 'tap'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { logCollector } from '../../helper'
import { contactApp, freshToken, postJson, validInquiry } from './helper'

// CONTACT_API_KEY: a trusted integration posts JSON without a form. Everyone else needs the
// signed token of a served form; no other header opens that door.

const KEY = 'k3y-For-The-CRM-integration_0123456789abcdef'
const stored = (dataDir: string) => {
  const db = new Database(join(dataDir, 'inquiries.db'), { readonly: true })
  try {
    return db.prepare('SELECT id, token FROM inquiries').all() as { id: string; token: string | null }[]
  } finally {
    db.close()
  }
}
const withAuth = (payload: object, authorization: string) => ({ ...postJson(payload), headers: { authorization } })

t.test('the API key as a Bearer token: stored without a form token, no fill time; its _token is its idempotency key', async (t) => {
  const log = logCollector()
  const { app, dataDir } = await contactApp(t, { apiKey: KEY, minFillMs: 60_000 }, {}, undefined, log.stream)
  const plain = await app.inject(withAuth(validInquiry(), `Bearer ${KEY}`))
  t.equal(plain.statusCode, 201, 'no _token: stored at once (an integration has no form to fill)')
  const first = await app.inject(withAuth(validInquiry({ _token: 'crm-ticket-42' }), `bearer ${KEY}`))
  const again = await app.inject(withAuth(validInquiry({ _token: 'crm-ticket-42', message: 'retried' }), `Bearer  ${KEY}`))
  t.equal(first.statusCode, 201, 'the scheme is case-insensitive')
  t.same(again.json(), first.json(), 'a retry with the same key answers the first id')
  t.same(stored(dataDir).map((r) => r.token), [null, 'crm-ticket-42'])
  const trap = await app.inject(withAuth(validInquiry({ website: 'x' }), `Bearer ${KEY}`))
  t.equal(trap.statusCode, 201, 'the honeypot still drops')
  t.equal(stored(dataDir).length, 2)
  const invalid = await app.inject(withAuth(validInquiry({ email: 'nope' }), `Bearer ${KEY}`))
  t.equal(invalid.statusCode, 422, 'and the values are checked as for everyone')
  t.notMatch(JSON.stringify(log.lines), KEY, 'the key is in no log line')
})

t.test('a wrong key, another scheme or no key configured: the form token is required (403)', async (t) => {
  const { app, dataDir } = await contactApp(t, { apiKey: KEY })
  for (const authorization of [`Bearer ${KEY}x`, `Bearer ${KEY.slice(0, -1)}`, 'Bearer ', `Basic ${Buffer.from(`api:${KEY}`).toString('base64')}`, KEY, `Bearer ${KEY} extra`, `Token ${KEY}`]) {
    const res = await app.inject(withAuth(validInquiry({ locale: 'en' }), authorization))
    t.equal(res.statusCode, 403, authorization.slice(0, 12))
    t.match(res.json().message, /has expired or was not loaded/)
  }
  const keyAsToken = await app.inject(postJson(validInquiry({ _token: KEY })))
  t.equal(keyAsToken.statusCode, 403, 'the key is no form token')
  t.equal(stored(dataDir).length, 0)
  const withForm = await app.inject(withAuth(validInquiry({ _token: await freshToken(app) }), 'Bearer not-the-key'))
  t.equal(withForm.statusCode, 201, 'a wrong Authorization (a browser\'s auth_jwt) does not spoil a valid form token')

  const { app: keyless, dataDir: keylessDir } = await contactApp(t)
  for (const authorization of [`Bearer ${KEY}`, 'Bearer ', 'Bearer undefined']) {
    t.equal((await keyless.inject(withAuth(validInquiry(), authorization))).statusCode, 403, `no CONTACT_API_KEY: ${authorization} is refused`)
  }
  t.equal(stored(keylessDir).length, 0)
})
