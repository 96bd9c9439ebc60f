// The content folder watcher (server/content/watch-folder.ts) on a real folder: every way of saving,
// three times over, is reported (by inotify; once over by polling), and after a failed watch (polling instead).
import t, { type Test } from 'tap'
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { isHidden, watchFolder, type FolderWatch } from '../../server/content/watch-folder'
import { FIXTURE_CONTENT } from '../helper'
import { gitContent, save, SAVE_STYLES, until } from './save-styles'

const log = {
  warnings: [] as string[],
  errors: [] as string[],
  warn: (_obj: object, msg: string) => void log.warnings.push(msg),
  error: (_obj: object, msg: string) => void log.errors.push(msg),
}

/**
 * Watches `dir` for the test; `changed(path)` waits until a change of `path` was reported since the last
 * call. chokidar folds a file's changes within 50 ms of a reported one into it (the server's 300 ms
 * debounce, and the dev server's 150 ms, then read them all): the next save comes after that window.
 */
async function watching(t: Test, dir: string) {
  const seen: string[] = []
  let last = 0
  const w = await watchFolder(dir, {
    onChange: (p) => {
      seen.push(p)
      last = Date.now()
    },
    log,
  })
  t.teardown(() => w.close())
  const changed = async (path: string, what: string) => {
    await until(what, () => seen.includes(path), 15_000)
    await new Promise((r) => setTimeout(r, Math.max(0, last + 60 - Date.now())))
    seen.length = 0
  }
  return { w, seen, changed }
}

function runStyles(name: string, polling: boolean, rounds: number) {
  t.test(`${name}: each save style, a new file and folder, and git pull, ${rounds} time(s)`, async (t) => {
    const saved = process.env.CHOKIDAR_USEPOLLING
    if (polling) process.env.CHOKIDAR_USEPOLLING = 'true'
    else delete process.env.CHOKIDAR_USEPOLLING
    t.teardown(() => {
      if (saved === undefined) delete process.env.CHOKIDAR_USEPOLLING
      else process.env.CHOKIDAR_USEPOLLING = saved
    })
    const repo = gitContent(t, FIXTURE_CONTENT)
    const { w, changed } = await watching(t, repo.dir)
    t.equal(w.polling, polling, `polling: ${w.polling}`)
    const about = join(repo.dir, 'pages/about.en.md')
    let title = 'title: Company'
    for (let round = 1; round <= rounds; round++) {
      for (const [i, style] of SAVE_STYLES.entries()) {
        const next = `title: Company ${round} ${i}`
        save(style, about, title, next)
        await changed(about, `${style.name}, round ${round}`)
        t.pass(`${style.name}, round ${round}: reported`)
        title = next
      }
      const added = join(repo.dir, `news/2026-11-added-${round}.en.md`)
      writeFileSync(added, '---\ntitle: Added\n---\n')
      await changed(added, `a new file, round ${round}`)
      const folder = join(repo.dir, `news-${round}`)
      mkdirSync(folder)
      writeFileSync(join(folder, 'x.md'), 'x')
      await changed(join(folder, 'x.md'), `a file in a new folder, round ${round}`)
      repo.pull('pages/service.en.md', round === 1 ? 'title: Services' : `title: Services ${round - 1}`, `title: Services ${round}`)
      await changed(join(repo.dir, 'pages/service.en.md'), `git pull, round ${round}`)
      t.pass(`new file, new folder and git pull, round ${round}: reported`)
    }
  })
}

runStyles('inotify (chokidar default)', false, 3)
runStyles('CHOKIDAR_USEPOLLING=true', true, 1)

t.test('a watch that fails is replaced by polling, logged, and a reload is asked for', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'watch-folder-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  const { w, seen, changed } = await watching(t, dir)
  t.equal(w.polling, false)
  const first = w.watcher
  // What chokidar reports when the host's inotify watches are used up.
  first.emit('error', Object.assign(new Error('ENOSPC: System limit for number of file watchers reached'), { code: 'ENOSPC' }))
  await until('polling', () => (w as FolderWatch).polling, 15_000)
  t.not(w.watcher, first, 'a new watcher')
  t.match(log.warnings, [/content watch failed: polling the content folder instead/])
  await until('the catch-up change', () => seen.includes(dir), 15_000)
  seen.length = 0
  const about = join(dir, 'pages/about.en.md')
  save(SAVE_STYLES[0]!, about, 'title: Company', 'title: Company polled')
  await changed(about, 'sed -i while polling')
  t.pass('a save is reported while polling')
})

t.test('dot files and folders are not watched (.git, editor swap files): the loader skips them too', async (t) => {
  t.equal(isHidden('/c', '/c/.git/index'), true)
  t.equal(isHidden('/c', '/c/pages/.about.en.md.swp'), true)
  t.equal(isHidden('content', 'content/pages/about.en.md'), false)
  t.equal(isHidden('/home/x/.sites/content', '/home/x/.sites/content/pages/about.en.md'), false, 'a dot above the folder does not count')
  t.equal(isHidden('/c', '/c'), false)
})
