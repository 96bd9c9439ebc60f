import t from 'tap'
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { openDatabase } from '../../../server/database'
import type { ModeFix } from '../../../server/private-files'
import { contactApp, tempDataDir, validInquiry, withFormToken } from './helper'

const mode = (path: string) => statSync(path).mode & 0o777
const PRIVATE = ['inquiries.db', 'inquiries.db-wal', 'inquiries.db-shm', 'form-secret']

t.test('a fresh DATA_DIR: folder 0700, the database, its -wal and -shm, and the form secret 0600', async (t) => {
  const previous = process.umask(0o022) // the usual umask, which gives 0755 folders and 0644 files
  t.teardown(() => void process.umask(previous))
  const dataDir = join(tempDataDir(t), 'data')
  const { app } = await contactApp(t, {}, {}, dataDir)
  await app.ready()
  const res = await app.inject({ method: 'POST', url: '/api/contact', payload: await withFormToken(app, validInquiry()) })
  t.equal(res.statusCode, 201)
  t.equal(mode(dataDir), 0o700, 'DATA_DIR')
  for (const name of PRIVATE) t.equal(mode(join(dataDir, name)), 0o600, name)
})

t.test('an existing DATA_DIR that others can read is narrowed at start, and said so once', async (t) => {
  const dataDir = join(tempDataDir(t), 'data')
  mkdirSync(dataDir, { mode: 0o755 })
  chmodSync(dataDir, 0o755)
  for (const name of ['inquiries.db', 'form-secret']) {
    writeFileSync(join(dataDir, name), name === 'form-secret' ? 'old-secret\n' : '')
    chmodSync(join(dataDir, name), 0o644)
  }
  const logged: ModeFix[][] = []
  openDatabase(dataDir, { log: (fixes) => logged.push(fixes) }).close()
  t.same(logged[0]!.map((f) => [f.path, f.from, f.to]), [
    [dataDir, '0755', '0700'],
    [join(dataDir, 'inquiries.db'), '0644', '0600'],
    [join(dataDir, 'form-secret'), '0644', '0600'],
  ])
  openDatabase(dataDir, { log: (fixes) => logged.push(fixes) }).close()
  t.same(logged[1], [], 'nothing to say on the next start')

  chmodSync(dataDir, 0o755)
  chmodSync(join(dataDir, 'form-secret'), 0o644)
  const { app } = await contactApp(t, {}, {}, dataDir)
  await app.ready()
  t.equal(mode(dataDir), 0o700, 'the app narrows it too')
  for (const name of PRIVATE) t.equal(mode(join(dataDir, name)), 0o600, name)
})
