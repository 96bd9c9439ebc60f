// The curl examples of docs/staff.md work when copied: every `curl` line of the page is run by the real
// curl binary (bash, as a reader's shell would) against the real app listening on 127.0.0.1, with the
// page's own variables (TOKEN, SITE, ID) set to a real token, this server and a stored inquiry.
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { promisify } from 'node:util'
import t from 'tap'
import { clock } from '../staff/web-helper'
import { inboxApp, tokenFor } from './inbox-helper'

const run = promisify(execFile)
const DOC = readFileSync(resolve(import.meta.dirname, '../../../docs/staff.md'), 'utf8')

/** The lines of the page's shell blocks (```sh … ```). */
function shellLines(markdown: string): string[] {
  const blocks = [...markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]!)
  return blocks.flatMap((b) => b.split('\n')).filter((l) => l.trim())
}

const lines = shellLines(DOC)
const curls = lines.filter((l) => l.startsWith('curl '))

t.test('the page sets what its curl lines use', async (t) => {
  t.ok(curls.length >= 7, `${curls.length} curl lines`)
  for (const name of ['TOKEN', 'SITE', 'ID']) t.ok(lines.some((l) => l.startsWith(`export ${name}=`)), `export ${name}= is on the page`)
  const used = new Set(curls.flatMap((l) => [...l.matchAll(/\$(\w+)/g)].map((m) => m[1]!)))
  t.same([...used].sort(), ['ID', 'SITE', 'TOKEN'], 'no other variable')
  t.ok(curls.some((l) => l.includes('-X PATCH') && l.includes("-H 'Content-Type: application/json'")), 'a PATCH with its content type')
  t.ok(curls.some((l) => l.includes('/notes')), 'a note')
})

t.test('every curl line of docs/staff.md, run', async (t) => {
  const time = clock()
  const { app, adminAccount, seed } = await inboxApp(t, time)
  const id = await seed({ message: '外壁の塗り替えを検討しています' }, time.now() - 60_000)
  await seed({ name: '別の 人', message: '屋根の修理' }, time.now() - 30_000)
  const token = await tokenFor(app, adminAccount.account.id, 'admin', time.now())
  await app.listen({ host: '127.0.0.1', port: 0 })
  const { port } = app.server.address() as { port: number }
  const env = { ...process.env, TOKEN: token, SITE: `http://127.0.0.1:${port}`, ID: id }

  const outputs: Record<string, any> = {}
  for (const line of curls) {
    const res = await run('bash', ['-c', line], { env, encoding: 'utf8' }).catch((err: { code: number; stdout: string; stderr: string }) => err)
    t.equal('code' in res ? res.code : 0, 0, line, { stdout: res.stdout, stderr: res.stderr })
    outputs[line] = JSON.parse(res.stdout)
  }
  const answer = (part: string) => outputs[curls.find((l) => l.includes(part))!]
  t.equal(answer('/admin/api/me"').role, 'admin')
  t.ok(answer('/admin/api/audit').entries.length > 0)
  t.same(answer('inquiries?status=new').items.length, 2)
  t.same(answer("q=外壁").items.map((i: { id: string }) => i.id), [id], 'the search, URL-encoded by curl')
  t.equal(answer('/inquiries/$ID"').inquiry.id, id)
  t.equal(answer('-X PATCH').inquiry.status, 'done')
  const note = answer('/notes').events.find((e: { kind: string }) => e.kind === 'note')
  t.ok(note && typeof note.data.text === 'string' && note.data.text.length > 0, 'the note stored')
  const stored = (await app.inboxStore.detail(id))!
  t.equal(stored.inquiry.status, 'done', 'the change is in the store')
})
