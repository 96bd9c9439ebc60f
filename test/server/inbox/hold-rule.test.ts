// Only an admin lifts a legal hold, whatever the path, through the real app on SQLite and on
// PostgreSQL (a throwaway server, scripts/engines.mjs): a responder's token sets a hold but its PATCH
// lifting one is 403 JSON (error 'hold', the message in the token creator's language), audited once,
// the hold and the rest of the change not applied; the form is refused the same (the 403 page); an
// admin's token lifts it.
import t from 'tap'
import { startPostgres } from '../../../scripts/engines.mjs'
import { freshPgDatabase } from '../contact/helper'
import { clock } from '../staff/web-helper'
import { addInquiry, inboxApp, postInquiry, staffMember } from './detail-helper'
import { api, tokenFor } from './inbox-helper'

const postgres = await startPostgres()
t.teardown(() => postgres.stop())

for (const engine of ['sqlite', 'postgres'] as const) {
  t.test(`${engine}: only an admin lifts a legal hold, by the API and by the form`, async (t) => {
    const time = clock()
    const { app, seed } = await inboxApp(t, time, engine === 'postgres' ? { databaseUrl: await freshPgDatabase(postgres, 'hold_rule') } : {})
    const sato = await staffMember(app, time, 'responder')
    const smith = await staffMember(app, time, 'responder', 'en')
    const boss = await staffMember(app, time, 'admin')
    const [satoToken, smithToken, bossToken] = await Promise.all([sato, smith, boss].map((s) => tokenFor(app, s.who.account.id, s.who.account.role, time.now())))
    const id = await addInquiry(seed)
    const url = `/admin/api/inquiries/${id}`
    const inquiry = async () => (await app.inboxStore.detail(id))!.inquiry
    const audit = async (action: string) => (await app.staffStore.listAudit({ action, limit: 100 })).filter((a) => a.target.startsWith(`inquiry:${id}`))

    const set = await api(app, 'PATCH', url, satoToken, { legalHold: true })
    t.equal(set.statusCode, 200, 'a responder\'s token sets a hold')
    t.equal(set.json().inquiry.legalHold, true)

    const lift = await api(app, 'PATCH', url, satoToken, { legalHold: false, status: 'done' })
    t.equal(lift.statusCode, 403, 'a responder\'s token lifting it: 403')
    t.equal(lift.headers['content-type'], 'application/json; charset=utf-8')
    t.same(Object.keys(lift.json()).sort(), ['error', 'message'])
    t.equal(lift.json().error, 'hold')
    t.match(lift.json().message, /法的保全を解除できるのは管理者だけです/)
    t.match((await api(app, 'PATCH', url, smithToken, { legalHold: false })).json().message, /^Only an admin can lift a legal hold/, 'in the creator\'s language')
    t.same([(await inquiry()).legalHold, (await inquiry()).status], [true, 'new'], 'the hold stays; nothing else of the change applied')
    const refusals = await audit('request.refused')
    t.same(refusals.map((a) => [a.target, a.accountId, a.outcome]), [
      [`inquiry:${id} hold`, smith.who.account.id, 'refused'],
      [`inquiry:${id} hold`, sato.who.account.id, 'refused'],
    ], 'each refusal audited once, under the token\'s creator')
    t.equal((await audit('inquiry.change')).length, 1, 'only the hold set is a change')

    const form = await postInquiry(app, sato, id, 'change', { legalHold: 'off', holdWas: '1' })
    t.equal(form.statusCode, 403, 'the form: the 403 page')
    t.equal((await inquiry()).legalHold, true)
    t.equal((await audit('request.refused')).length, 3, 'audited once more')

    const lifted = await api(app, 'PATCH', url, bossToken, { legalHold: false })
    t.equal(lifted.statusCode, 200, 'an admin\'s token lifts it')
    t.equal(lifted.json().inquiry.legalHold, false)
    t.same(lifted.json().events.filter((e: { kind: string }) => e.kind === 'hold').map((e: { data: { on: boolean } }) => e.data.on), [true, false])
  })
}
