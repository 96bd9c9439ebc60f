// How a save reaches every replica (docs/decisions/0015): two app instances on one PostgreSQL and one
// content folder. A save written through writingContent by one is served by the other once it looked
// at the marker; a save under way (an odd marker) is never served half; a writer in another process
// saving over and over never makes a replica serve one file of a save without the other.
import t from 'tap'
import { spawn } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FastifyInstance } from 'fastify'
import { startPostgres } from '../../../scripts/engines.mjs'
import { loadContent } from '../../../server/content/load'
import { writeFileAtomic } from '../../../server/content/atomic'
import { loadSteady } from '../../../server/content/sync'
import { MARKER_FILE, readMarker, writingContent } from '../../../server/content/marker'
import { freshPgDatabase } from '../contact/helper'
import { loadConfig } from '../../../server/config'
import { build, configError, FIXTURE_CONTENT, testConfig } from '../../helper'

function contentCopy(t: { teardown: (fn: () => unknown) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'content-sync-'))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

const ABOUT = 'pages/about.en.md'
/** Replaces the about page's English title, or the company's English name, by a whole-file write. */
const setTitle = (dir: string, title: string) =>
  writeFileAtomic(join(dir, ABOUT), readFileSync(join(dir, ABOUT), 'utf8').replace(/^title: .*$/m, `title: ${title}`))
const setCompany = (dir: string, name: string) =>
  writeFileAtomic(join(dir, 'site.yml'), readFileSync(join(dir, 'site.yml'), 'utf8').replace(/en: "Soei Construction Co\., Ltd\.[^"]*"/, `en: "${name}"`))

/** The about page's h1 and the company name in its footer, as served. */
async function served(app: FastifyInstance) {
  const html = (await app.inject('/en/about')).body
  return {
    h1: /<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1]?.replace(/<[^>]+>/g, ''),
    company: /Soei Construction Co\., Ltd\.[^<"]*/.exec(html)?.[0],
  }
}

/** Waits, looking again at every turn of the event loop (no fixed sleep), until `check` holds. */
async function until(what: string, check: () => Promise<boolean>, deadlineMs = 20_000) {
  const end = Date.now() + deadlineMs
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`never: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

t.test('two replicas on one PostgreSQL and one content folder', async (t) => {
  const postgres = await startPostgres()
  t.teardown(() => postgres.stop())
  const databaseUrl = await freshPgDatabase(postgres, 'content_sync')
  const dir = contentCopy(t)
  const shared = { contentDir: dir, databaseUrl, contact: { ...testConfig().contact, formSecret: 'a-shared-secret-of-the-replicas-0123' } }
  // A: the replica that saves (it reloads at once, as the editor does). B: the marker looked at by the test. C: by its timer.
  const a = await build(t, { ...shared, contentSyncMs: 0 })
  const b = await build(t, { ...shared, contentSyncMs: 0 })
  const c = await build(t, { ...shared, contentSyncMs: 25 })
  await c.ready()

  t.test('a save through A is served by B and C', async (t) => {
    t.equal((await served(b)).h1, 'Company')
    t.equal(b.contentSync.look(), null, 'nothing changed: no reload')
    writingContent(dir, () => setTitle(dir, 'Company (saved on A)'))
    t.ok((await a.reloadContent('saved')).ok)
    t.equal((await served(a)).h1, 'Company (saved on A)', 'A serves its save at once')
    t.equal((await served(b)).h1, 'Company', 'B, before it looked at the marker, still the previous content')
    const reload = b.contentSync.look()
    t.ok(reload, 'B sees the marker changed and reloads')
    await reload
    t.equal((await served(b)).h1, 'Company (saved on A)', 'B serves the save')
    t.equal(b.contentSync.look(), null, 'and does not reload again for the same marker')
    await until('C serves the save (its CONTENT_SYNC_MS timer)', async () => (await served(c)).h1 === 'Company (saved on A)')
    t.pass('C, on its own timer, serves the save')
  })

  t.test('a save under way (odd marker) is never served half; once even, wholly', async (t) => {
    const before = await served(b)
    // Another process's writer between its first and its last file: the marker odd, one file written.
    const marker = readMarker(dir)!
    writeFileAtomic(join(dir, MARKER_FILE), `${marker.counter + 1} 0a0b0c\n`)
    setTitle(dir, 'Company (half)')
    t.equal(b.contentSync.look(), null, 'the look waits for the save to end')
    const forced = await b.reloadContent('a signal in the middle of a save')
    t.notOk(forced.ok, 'a reload asked for meanwhile is refused')
    t.match(forced.problems.join('\n'), /\.content-revision stayed odd/)
    t.same(await served(b), before, 'B still serves the previous content whole')
    setCompany(dir, 'Soei Construction Co., Ltd. (half)')
    writeFileAtomic(join(dir, MARKER_FILE), `${marker.counter + 2} 0a0b0c\n`)
    await b.contentSync.look()
    t.same(await served(b), { h1: 'Company (half)', company: 'Soei Construction Co., Ltd. (half)' }, 'the save served once it ended: both files')
  })

  t.test('a writer in another process saving over and over: every answer is one whole save', async (t) => {
    const saves = 10
    const writer = spawn(process.execPath, ['--import', 'tsx', 'test/server/editor/content-writer.ts', dir, String(saves), '60'], { stdio: ['ignore', 'pipe', 'inherit'] })
    const ended = new Promise<number | null>((resolve) => writer.on('exit', resolve))
    let writing = true
    void ended.then(() => (writing = false))
    const seen: { h1?: string | undefined; company?: string | undefined }[] = []
    while (writing) {
      await b.reloadContent('race')
      seen.push(await served(b))
    }
    t.equal(await ended, 0, 'the writer saved every time')
    t.ok((await b.reloadContent('after')).ok)
    seen.push(await served(b))
    const numberOf = (text: string | undefined) => /(\d+)$/.exec(text ?? '')?.[1] ?? 'none'
    const torn = seen.filter((s) => numberOf(s.h1) !== numberOf(s.company))
    t.same(torn, [], 'no answer had the title of one save and the company name of another')
    t.ok(new Set(seen.map((s) => s.h1)).size >= 2, `several saves were served along the way (${seen.length} answers)`)
    t.same(seen.at(-1), { h1: `Company ${saves}`, company: `Soei Construction Co., Ltd. ${saves}` }, 'the last save in the end')
  })
})

t.test('loadSteady: a marker changed during the load means another load', async (t) => {
  const dir = contentCopy(t)
  writingContent(dir, () => setTitle(dir, 'Company 1'))
  let loads = 0
  const log = { error: () => undefined } as never
  const loaded = await loadSteady(
    dir,
    async () => {
      loads++
      const content = await loadContent(dir)
      // The first load is overtaken by a save (made while it read).
      if (loads === 1) writingContent(dir, () => setTitle(dir, 'Company 2'))
      return content
    },
    { log },
  )
  t.equal(loads, 2, 'loaded twice')
  t.equal(loaded.at(Date.now()).content.page('about', 'en').title, 'Company 2', 'the second load, after the save')
})

t.test('CONTENT_SYNC_MS: 500 by default, 0 to 60000, one clear line otherwise', async (t) => {
  t.equal(loadConfig({}).contentSyncMs, 500)
  t.equal(loadConfig({ CONTENT_SYNC_MS: '0' }).contentSyncMs, 0, '0: no polling')
  t.match(configError({ CONTENT_SYNC_MS: 'often' }), /^CONTENT_SYNC_MS: /m)
  t.match(configError({ CONTENT_SYNC_MS: '60001' }), /^CONTENT_SYNC_MS: invalid value "60001" \(must be <= 60000\)$/m)
  t.match(configError({ CONTENT_SYNC_MS: '-5' }), /^CONTENT_SYNC_MS: /m)
})
