// The staff area's strings (locales/<lang>/staff.json): the same keys in both languages, every one
// valid ICU, and every key the staff pages name is in both (no page shows a bare key).
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import t from 'tap'
import { IntlMessageFormat } from 'intl-messageformat'
import { flattenKeys, lookupMessage } from '../../../shared/i18n/messages'
import { STAFF_ERROR_REASONS } from '../../../shared/admin/state'
import { STAFF_ROLES } from '../../../shared/admin/roles'
import { SIGN_IN_NOTICES } from '../../../shared/admin/sign-in/page-data'
import { staffRoutes } from '../../../shared/admin/routes'
import { staffMessages, staffTree } from '../../../server/i18n/staff-catalog'

const ROOT = resolve(import.meta.dirname, '../../..')

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(path) : /\.tsx?$/.test(name) ? [path] : []
  })
}

t.test('ja and en have the same staff keys, each valid ICU', async (t) => {
  const ja = flattenKeys(staffMessages.ja)
  t.same(ja, flattenKeys(staffMessages.en))
  t.ok(ja.length > 40, `${ja.length} keys`)
  for (const code of ['ja', 'en'] as const) {
    for (const key of ja) t.doesNotThrow(() => new IntlMessageFormat(lookupMessage(staffMessages[code], key)!, code), `${code} ${key}`)
  }
})

t.test('every key the staff pages name exists in both languages', async (t) => {
  const named = new Set<string>()
  for (const file of [...filesUnder(join(ROOT, 'shared/admin')), ...filesUnder(join(ROOT, 'server/staff/http'))]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/['"`]((?:staff|units)\.[A-Za-z0-9_.]+[A-Za-z0-9_])['"`]/g)) named.add(m[1]!)
  }
  // Keys built from a value: every value they can take.
  for (const route of staffRoutes) {
    named.add(route.titleKey)
    if (route.navKey) named.add(route.navKey)
  }
  for (const reason of STAFF_ERROR_REASONS) for (const part of ['title', 'text']) named.add(`staff.errors.${reason}.${part}`)
  for (const role of STAFF_ROLES) named.add(`staff.roles.${role}`)
  for (const notice of SIGN_IN_NOTICES) named.add(`staff.signIn.notices.${notice}`)
  t.ok(named.size > 30, `${named.size} keys named`)
  for (const code of ['ja', 'en'] as const) {
    const missing = [...named].filter((key) => lookupMessage(staffTree(code), key) === undefined)
    t.same(missing, [], `${code}: none missing`)
  }
})
