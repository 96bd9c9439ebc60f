// The whole matrix: every staff route and action path × every method × nobody and each role. The server
// checks the role on every request from the one table (shared/admin/routes.ts: each family's route and
// its actions, at the page's path or a path of their own); a role a route does not list gets 403
// (audited), nobody gets the sign-in page, a method the area does not answer gets 405.
import t from 'tap'
import type { LightMyRequestResponse } from 'fastify'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import { mayOpen, staffRoutes } from '../../../shared/admin/routes'
import { STAFF_ROLES, type StaffRole } from '../../../shared/admin/roles'
import type { StaffAccess } from '../../../shared/admin/types'
import { actionsByPath } from '../../../server/staff/http/router'
import { addAccount, clock, LOCAL, signIn, staffApp, type TestAccount } from './web-helper'
import { contentCopy } from '../editor/files-helper'

/** Routes whose access is fixed here, whatever the table says (docs/staff.md, "Roles"): the matrix below must agree. */
const REQUIRED: Partial<Record<keyof typeof STAFF_PATHS, StaffAccess>> = {
  home: STAFF_ROLES,
  sessions: STAFF_ROLES,
  signOut: STAFF_ROLES,
  signIn: 'anyone',
  enrol: 'anyone',
  accounts: ['admin'],
  audit: ['admin'],
  inquiries: ['admin', 'responder'],
  content: ['admin', 'editor'],
}

// Parameters that name real things (an article of the fixture content), so that each check reaches the handler's own answer.
const SAMPLE: Record<string, string> = { token: 'x'.repeat(43), kind: 'news', slug: '2026-04-new-office', id: 'Q-00000000' }
const pathOf = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => SAMPLE[name]!)
const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const

const table = staffRoutes.flatMap((r) => {
  const paths = [...actionsByPath(r)]
  const own = paths.filter(([path]) => path !== r.path).map(([, [a]]) => a!)
  return [
    { id: r.id, path: pathOf(r.path), access: r.access, get: true, post: paths.some(([path]) => path === r.path), json: false },
    ...own.map((a) => ({ id: a.at!, path: pathOf(STAFF_PATHS[a.at!]), access: a.access ?? r.access, get: false, post: true, json: a.kind === 'json' })),
  ]
})

/** The staff 403 page, or an action's JSON 403 (JSON and upload actions answer their script in JSON). */
const roleRefused = (res: LightMyRequestResponse) =>
  res.statusCode === 403 && (/data-reason="forbidden"/.test(res.body) || (/json/.test(String(res.headers['content-type'])) && res.json().statusCode === 403))
const toSignIn = (res: LightMyRequestResponse) => res.statusCode === 303 && String(res.headers.location).startsWith(`${STAFF_PATHS.signIn}?next=`)

t.test('the table says what the issue requires', async (t) => {
  for (const [id, access] of Object.entries(REQUIRED)) {
    const row = table.find((r) => r.id === id)
    if (!row) continue // a section of a later issue, not served yet: nothing to open
    t.same(row.access, access, `${id}: ${JSON.stringify(access)}`)
  }
  t.ok(table.length >= 8, `${table.length} routes and action paths`)
})

t.test('roles × routes × methods', async (t) => {
  const time = clock()
  const day = 24 * 60 * 60_000
  // A copy of the content: the editor's forms are posted too (without their fields: answered, nothing written).
  const app = await staffApp(t, time, { contentDir: contentCopy(t), staff: { area: true, sessionIdleMs: day, sessionMaxMs: 30 * day, auditRetentionMs: 400 * day } })
  const accounts = {} as Record<StaffRole, TestAccount>
  for (const role of STAFF_ROLES) accounts[role] = await addAccount(app, time, role)
  /** One session per role, a new one after a request that ended it (a sign-out); each sign-in its own TOTP step. */
  const sessions = new Map<StaffRole, Awaited<ReturnType<typeof signIn>>>()
  const session = async (role: StaffRole) => {
    if (!sessions.has(role)) {
      time.advance(30_000)
      sessions.set(role, await signIn(app, time, accounts[role]))
    }
    return sessions.get(role)!
  }
  let refusedByRole = 0
  for (const row of table) {
    for (const method of METHODS) {
      for (const role of [null, ...STAFF_ROLES]) {
        const who = role ? await session(role) : null
        const headers: Record<string, string> = { ...LOCAL, ...(who?.headers ?? {}) }
        let payload: string | undefined
        if (method !== 'GET') {
          headers['content-type'] = row.json ? 'application/json' : 'application/x-www-form-urlencoded'
          if (row.json && who) headers['x-csrf-token'] = who.csrf
          payload = row.json ? '{}' : `_csrf=${who?.csrf ?? ''}`
        }
        const res = await app.inject({ method, url: row.path, headers, ...(payload === undefined ? {} : { payload }) })
        if (role && res.headers.location === `${STAFF_PATHS.signIn}?signedOut=1`) sessions.delete(role)
        const cell = `${method} ${row.path} as ${role ?? 'nobody'}: ${res.statusCode}`
        const answers = method === 'GET' ? row.get : method === 'POST' && row.post
        if (!answers) {
          t.equal(res.statusCode, 405, cell)
          t.equal(res.headers['cache-control'], 'no-store')
          continue
        }
        const allowed = mayOpen(row.access, role)
        if (allowed) {
          t.notOk(roleRefused(res) || toSignIn(res), `${cell}: let through`)
        } else if (role === null) {
          t.ok(toSignIn(res), `${cell}: to the sign-in page`)
        } else {
          t.ok(roleRefused(res), `${cell}: refused`)
          refusedByRole++
        }
      }
    }
  }
  const audited = await app.staffStore.listAudit({ action: 'request.refused', limit: 1000 })
  t.equal(audited.filter((a) => a.target.endsWith(' role')).length, refusedByRole, 'every refusal by role audited')
})
