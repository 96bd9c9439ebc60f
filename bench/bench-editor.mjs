// An editor account for the benches that sign in to the staff area (content-propagation.mjs, image-variants.mjs):
// made directly in the site's database with a password and an authenticator, as enrolment leaves one.
import { randomUUID } from 'node:crypto'
import { register } from 'tsx/esm/api'

register()
const { hashPassword } = await import('../server/staff/password.ts')
const { newTotpSecret } = await import('../server/staff/totp.ts')
const { newRecoveryCodes } = await import('../server/staff/recovery-codes.ts')

/** Adds the editor through `store` (test/server/stores.ts, either engine) and closes it: `{ email, password, totpSecret }`. */
export async function addBenchEditor(store) {
  const account = { id: randomUUID(), email: 'bench-editor@example.test', name: 'Bench Editor', role: 'editor', locale: 'en', disabled: false, createdAt: Date.now() }
  const audit = (action) => ({ at: Date.now(), accountId: null, address: 'cli', action, target: `account:${account.id}`, outcome: 'ok' })
  await store.staff.addAccount(account, audit('account.add'))
  const password = `bench horse ${randomUUID()}`
  const totpSecret = newTotpSecret()
  await store.staff.setPasswordFactor({ accountId: account.id, passwordHash: await hashPassword(password), totpSecret, lastTotpStep: 0, createdAt: Date.now() }, (await newRecoveryCodes()).hashes, audit('password.set'))
  await store.close()
  return { email: account.email, password, totpSecret }
}
