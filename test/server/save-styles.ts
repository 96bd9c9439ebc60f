// The ways people and tools save a content file, for the tests of automatic reload (the server's
// CONTENT_WATCH, `npm run dev`, content/watch-folder.ts): each changes `from` to `to` in a file and
// checks that it wrote the file the way it says (the same inode, or a new one).
import { execFileSync } from 'node:child_process'
import { closeSync, cpSync, ftruncateSync, mkdtempSync, openSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Waits until `fn` gives a value (not undefined or false), checking every 100 ms; throws after `ms`. */
export async function until<T>(what: string, fn: () => Promise<T | undefined | false> | T | undefined | false, ms = 60_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await fn()
    if (value !== undefined && value !== false) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await pause(100)
  }
}

/** The file's text with `from` replaced by `to` (throws when `from` is not there: the test is wrong). */
export function replaced(file: string, from: string, to: string): string {
  const text = readFileSync(file, 'utf8')
  if (!text.includes(from)) throw new Error(`${file} holds no "${from}"`)
  return text.replace(from, to)
}

export interface SaveStyle {
  name: string
  /** 'same': the file is rewritten where it is; 'new': a new file takes its name (unchecked: the file
   * system may give the new file the number the deleted one had). */
  inode: 'same' | 'new' | 'unchecked'
  write(file: string, from: string, to: string): void
}

/** `from` and `to`: letters, digits, spaces and ':' only (they go into a sed expression as they are). */
export const SAVE_STYLES: SaveStyle[] = [
  // A new file, renamed over the old one.
  { name: 'sed -i', inode: 'new', write: (file, from, to) => void execFileSync('sed', ['-i', `s/${from}/${to}/`, file]) },
  {
    name: 'in-place rewrite (r+, truncate, write)',
    inode: 'same',
    write: (file, from, to) => {
      const next = replaced(file, from, to)
      const fd = openSync(file, 'r+')
      ftruncateSync(fd, 0)
      writeSync(fd, next, 0)
      closeSync(fd)
    },
  },
  { name: 'writeFile on the same file', inode: 'same', write: (file, from, to) => writeFileSync(file, replaced(file, from, to)) },
  {
    // Editors (vim's writebackup, VS Code, JetBrains' safe write) and atomic writers.
    name: 'rename-over (a temporary file renamed onto it)',
    inode: 'new',
    write: (file, from, to) => {
      writeFileSync(`${file}.tmp`, replaced(file, from, to))
      renameSync(`${file}.tmp`, file)
    },
  },
  {
    // As `git checkout` writes a changed file.
    name: 'delete and create',
    inode: 'unchecked',
    write: (file, from, to) => {
      const next = replaced(file, from, to)
      unlinkSync(file)
      writeFileSync(file, next)
    },
  },
]

/** Saves with `style` and checks it wrote the way it says. */
export function save(style: SaveStyle, file: string, from: string, to: string): void {
  const before = statSync(file).ino
  style.write(file, from, to)
  const same = statSync(file).ino === before
  if (style.inode !== 'unchecked' && same !== (style.inode === 'same')) throw new Error(`${style.name} did not keep to its kind of write (inode ${same ? 'kept' : 'changed'})`)
  if (!readFileSync(file, 'utf8').includes(to)) throw new Error(`${style.name} did not write "${to}"`)
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=Editor', '-c', 'user.email=editor@example.test', '-c', 'init.defaultBranch=main', ...args], { cwd, stdio: 'pipe' })

/**
 * A content folder that is a git clone of another (the editors' repository): `pull(file, from, to)`
 * commits a change there and `git pull`s it into the folder. Both are removed when the test ends.
 */
export function gitContent(t: { teardown: (fn: () => unknown) => void }, source: string) {
  const upstream = mkdtempSync(join(tmpdir(), 'content-upstream-'))
  const parent = mkdtempSync(join(tmpdir(), 'content-clone-'))
  t.teardown(() => {
    rmSync(upstream, { recursive: true, force: true })
    rmSync(parent, { recursive: true, force: true })
  })
  cpSync(source, upstream, { recursive: true })
  git(upstream, 'init', '-q')
  git(upstream, 'add', '-A')
  git(upstream, 'commit', '-q', '-m', 'content')
  const dir = join(parent, 'content')
  git(parent, 'clone', '-q', upstream, dir)
  return {
    dir,
    pull(file: string, from: string, to: string) {
      writeFileSync(join(upstream, file), replaced(join(upstream, file), from, to))
      git(upstream, 'commit', '-q', '-am', `${file}: ${to}`)
      git(dir, 'pull', '-q', '--ff-only')
      if (!readFileSync(join(dir, file), 'utf8').includes(to)) throw new Error(`git pull did not bring "${to}"`)
    },
  }
}
