// Idle means idle: the item page's presence heartbeat (every 20 s, sent by the page's script on its
// own) reads the session without renewing it, so an editor left open still reaches the idle limit; what a
// person does (opening a page) still renews it. Time is the staff clock the test moves.
import t from 'tap'
import { PRESENCE_BEAT_MS } from '../../../shared/admin/content-item/page-data'
import { LOCAL, postJson } from '../staff/web-helper'
import { editorApp } from './preview-helper'

const ITEM = '/admin/content/news/2026-04-new-office'
const PRESENCE = `${ITEM}/presence`
/** STAFF_SESSION_IDLE's default. */
const IDLE_MS = 30 * 60_000

type App = Awaited<ReturnType<typeof editorApp>>

/** Heartbeats every 20 s until `until` (ms on the staff clock): the statuses that were not 200. */
async function beatUntil({ app, time, editor }: App, until: number): Promise<number[]> {
  const other: number[] = []
  while (time.now() + PRESENCE_BEAT_MS <= until) {
    time.advance(PRESENCE_BEAT_MS)
    const res = await postJson(app, PRESENCE, editor.headers, editor.csrf, {})
    if (res.statusCode !== 200) other.push(res.statusCode)
  }
  return other
}

t.test('a page that only sends its heartbeat reaches the idle limit: then the heartbeat and the next page ask to sign in', async (t) => {
  const ctx = await editorApp(t)
  const { app, time, editor } = ctx
  t.equal((await app.inject({ url: ITEM, headers: editor.headers })).statusCode, 200, 'the item page opened')
  const opened = time.now()
  t.same(await beatUntil(ctx, opened + IDLE_MS), [], 'every heartbeat answered while the session lasts')
  const [session] = await app.staffStore.listSessions(ctx.editorAccount.account.id)
  t.equal(session?.lastSeenAt, opened, 'the heartbeats did not move the last use')

  time.set(opened + IDLE_MS + 1)
  const late = await postJson(app, PRESENCE, editor.headers, editor.csrf, {})
  const nobody = await postJson(app, PRESENCE, LOCAL, '', {})
  t.same([late.statusCode, late.headers.location], [nobody.statusCode, nobody.headers.location], 'the heartbeat answers as without a session')
  t.same([late.statusCode, late.headers.location], [303, `/admin/sign-in?next=${encodeURIComponent(PRESENCE)}`])
  const next = await app.inject({ url: ITEM, headers: editor.headers })
  t.equal(next.statusCode, 303, 'the next page asks to sign in')
  t.equal(next.headers.location, `/admin/sign-in?next=${encodeURIComponent(ITEM)}`)
  t.same(await app.staffStore.listSessions(ctx.editorAccount.account.id), [], 'the session is over')
  t.equal((await app.staffStore.listAudit({ action: 'session.expire' })).length, 1, 'its end audited')
})

t.test('a page opened in between renews the session: the heartbeats go on past the first limit', async (t) => {
  const ctx = await editorApp(t)
  const { app, time, editor } = ctx
  t.equal((await app.inject({ url: ITEM, headers: editor.headers })).statusCode, 200)
  const opened = time.now()
  t.same(await beatUntil(ctx, opened + IDLE_MS / 2), [])
  t.equal((await app.inject({ url: ITEM, headers: editor.headers })).statusCode, 200, 'the page opened again (a person at work)')
  const reopened = time.now()
  t.same(await beatUntil(ctx, opened + IDLE_MS + 5 * 60_000), [], 'heartbeats past the first idle limit still answered')
  t.equal((await app.inject({ url: ITEM, headers: editor.headers })).statusCode, 200, 'and the page opens')
  t.ok(time.now() - reopened < IDLE_MS, 'within the limit counted from the last page')
})
