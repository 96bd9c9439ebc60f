// The site's command-line tools for tests that run them as child processes: `node ...cliArgs(name) args`.
// The built one (dist/server/<name>.js, which `npm test` builds first) starts in about a third of the time of
// the source under tsx (0.35 s of CPU against 1.2 s), which adds up over the dozens of runs a CLI test makes.
// It is the same code (esbuild's bundle of the entry below, as in the container); when dist/ is missing or
// older than a source file (a test file run alone after an edit, without `node build.mjs`), the source under
// tsx instead, so a test never checks stale code. `npm run <script>` itself (the source under tsx) is run by
// test/server/commands-env.test.ts.
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** The CLIs: their dist/server/ name and their source (build.mjs's entryPoints). */
const SOURCES = {
  inquiries: 'server/inquiries-cli.ts',
  staff: 'server/staff/cli.ts',
  'content-check': 'server/content-check.ts',
  content: 'server/content-cli.ts',
  backup: 'server/backup-cli.ts',
} as const

/** The newest modification time of the files under these folders (what the server bundle is built from). */
function newest(dirs: string[]): number {
  let latest = 0
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      if (entry.isDirectory()) walk(path)
      else latest = Math.max(latest, statSync(path).mtimeMs)
    }
  }
  for (const dir of dirs) if (existsSync(dir)) walk(dir)
  return latest
}

let builtIsCurrent: boolean | undefined

/** Node's arguments before the CLI's own: the built file when dist/ is current, else the source under tsx. */
export function cliArgs(name: keyof typeof SOURCES): string[] {
  const built = join('dist', 'server', `${name}.js`)
  builtIsCurrent ??= existsSync(built) && statSync(built).mtimeMs >= newest(['server', 'shared', 'locales'])
  return builtIsCurrent && existsSync(built) ? [built] : ['--import', 'tsx', SOURCES[name]]
}
