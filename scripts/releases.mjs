// The releases CHANGELOG.md names, and a built copy of one of them: what the upgrade test runs beside this
// checkout (test/replicas/upgrade.test.ts) and what the expand-and-contract check reads the previous release's
// sources from (test/server/expand-contract.test.ts). Plain ESM, Node's modules and git only.
//
//   node scripts/releases.mjs                 # the releases, newest first
//   node scripts/releases.mjs build 0.1.0     # builds that release's commit; prints the folder holding its dist/
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)))

/**
 * CHANGELOG.md's releases, newest first: `## 0.2.0 (2026-11-28)` then `- Commit: <40 hex>` (or `unreleased`
 * for the version being made) and `- Migrates: no` / `- Migrates: schema 9` / `- Migrates: schema 1–8 (…)`.
 * @returns {{ version: string, date: string, commit: string | null, schemas: number[] }[]}
 */
export function releases(root = ROOT) {
  const text = readFileSync(join(root, 'CHANGELOG.md'), 'utf8')
  return text
    .split(/^## /m)
    .slice(1)
    .map((block) => {
      const head = /^(\d+\.\d+\.\d+) \((\d{4}-\d{2}-\d{2})\)/.exec(block)
      const commit = /^- Commit: (\S+)/m.exec(block)?.[1]
      const migrates = /^- Migrates: (no\b|schema (\d+)(?:[–-](\d+))?)/m.exec(block)
      if (!head || !commit || !migrates) throw new Error(`CHANGELOG.md: a release needs "## X.Y.Z (date)", "- Commit:" and "- Migrates:" lines: ${block.slice(0, 80)}`)
      const from = Number(migrates[2] ?? 0)
      const to = Number(migrates[3] ?? migrates[2] ?? -1)
      const schemas = migrates[2] ? Array.from({ length: to - from + 1 }, (_, i) => from + i) : []
      return { version: head[1], date: head[2], commit: commit === 'unreleased' ? null : commit, schemas }
    })
}

/** This checkout's version (package.json). */
export function currentVersion(root = ROOT) {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version
}

/** The release before this checkout's version, as CHANGELOG.md lists them. */
export function previousRelease(root = ROOT) {
  const list = releases(root)
  const i = list.findIndex((r) => r.version === currentVersion(root))
  const previous = i === -1 ? undefined : list[i + 1]
  if (!previous?.commit) throw new Error(`CHANGELOG.md names no release with a commit before ${currentVersion(root)}`)
  return previous
}

const git = (args, root = ROOT, options = {}) => spawnSync('git', args, { cwd: root, encoding: 'utf8', ...options })

/** Makes sure `commit` is in this clone: a shallow clone fetches it (or its whole history) from origin. */
export function ensureCommit(commit, root = ROOT) {
  const has = () => git(['cat-file', '-e', `${commit}^{commit}`], root).status === 0
  if (has()) return
  git(['fetch', '--quiet', 'origin', commit], root)
  if (!has()) git(['fetch', '--quiet', '--unshallow'], root)
  if (!has()) throw new Error(`commit ${commit} is not in this clone and could not be fetched: clone with history (git fetch --unshallow)`)
}

/** True when `word` (a table or column name) appears as a whole word in the release's server or shared code. */
export function releaseUses(commit, word, root = ROOT) {
  ensureCommit(commit, root)
  const r = git(['grep', '-q', '-w', '-i', '-e', word, commit, '--', 'server', 'shared'], root)
  if (r.status > 1) throw new Error(`git grep failed: ${r.stderr}`)
  return r.status === 0
}

/** Dependencies as package-lock.json pins them (the root package's own version aside). */
function lockedPackages(dir) {
  const lock = JSON.parse(readFileSync(join(dir, 'package-lock.json'), 'utf8'))
  const { '': rootPackage, ...rest } = lock.packages ?? {}
  return JSON.stringify({ root: { ...rootPackage, version: undefined }, rest })
}

/**
 * The release's sources at its commit, built (`node build.mjs`) into node_modules/.cache/releases/<version>-<commit>:
 * there its files resolve this checkout's packages when the two lock files pin the same ones; otherwise it gets its
 * own (`npm ci`). Made once and kept (the folder is renamed into place whole); returns the folder.
 * @param {{ version: string, commit: string | null }} release
 */
export function buildRelease(release, root = ROOT) {
  if (!release.commit) throw new Error(`release ${release.version} has no commit yet`)
  const dir = join(root, 'node_modules', '.cache', 'releases', `${release.version}-${release.commit.slice(0, 12)}`)
  if (existsSync(join(dir, 'dist', 'manifest.json'))) return dir
  ensureCommit(release.commit, root)
  const work = `${dir}.tmp-${process.pid}`
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { recursive: true })
  const archive = spawnSync('git', ['archive', '--format=tar', release.commit], { cwd: root, maxBuffer: 1 << 30 })
  if (archive.status !== 0) throw new Error(`git archive ${release.commit} failed: ${archive.stderr}`)
  execFileSync('tar', ['-x', '-C', work], { input: archive.stdout })
  const run = (cmd, args) => execFileSync(cmd, args, { cwd: work, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: '' } })
  if (lockedPackages(work) !== lockedPackages(root)) run('npm', ['ci', '--no-audit', '--no-fund'])
  run(process.execPath, ['build.mjs'])
  writeFileSync(join(work, 'RELEASE'), `${release.version} ${release.commit}\n`)
  rmSync(dir, { recursive: true, force: true })
  renameSync(work, dir)
  return dir
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [command, version] = process.argv.slice(2)
  if (command === 'build') {
    const release = releases().find((r) => r.version === version) ?? (version ? undefined : previousRelease())
    if (!release) throw new Error(`CHANGELOG.md has no release ${version}`)
    console.log(buildRelease(release))
  } else {
    for (const r of releases()) console.log(`${r.version}  ${r.date}  ${r.commit ?? 'unreleased'}  migrates: ${r.schemas.length ? r.schemas.join(', ') : 'no'}`)
  }
}
