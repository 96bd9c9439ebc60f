import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { loadConfig } from './config'
import { loadDotEnv } from './env-file'
import { DB_FILE } from './db/sqlite'
import { openSiteDatabase } from './db/open'
import { createEditorStore } from './editor/editor-store'
import { editorDialectOf } from './editor/dialects'
import { MIGRATIONS } from './migrations'
import { exportContent, importContent } from './editor/files-transfer'
import { ContentRefused, type EditorStore } from './editor/types'
import { usageFailure } from './cli-args'

/**
 * `npm run content -- export --out DIR` and `npm run content -- import DIR` (`node dist/server/content.js`
 * in the image): the content folder (CONTENT_DIR) as plain files, and back (docs/content.md).
 *
 * Exit code: 0 done, 1 refused (the problems on stderr, one line each, as content:check prints them),
 * 2 when the command line is wrong.
 */

const USAGE = `usage:
  npm run content -- export --out DIR   the whole content folder as files into DIR (new or empty)
  npm run content -- import DIR         check DIR as content:check does; if it has no problem, replace the
                                        content folder's files by DIR's (each file whole), recording an
                                        'import' revision per changed item when the inquiry database is there
In the container: docker compose exec site node dist/server/content.js <command>
`

function fail(message: string): never {
  return usageFailure(USAGE, message)
}

/**
 * The editor's store when the inquiry database is there (DATABASE_URL, or DATA_DIR's inquiries.db), for the
 * import's revisions and audit entries; without one the import writes the files only (none is created).
 */
async function openEditorStore(dataDir: string, databaseUrl: string): Promise<{ store: EditorStore; close: () => Promise<void> } | null> {
  if (!databaseUrl && !existsSync(join(dataDir, DB_FILE))) return null
  const database = await openSiteDatabase({ dataDir, databaseUrl }, MIGRATIONS)
  return { store: createEditorStore(database.runner, editorDialectOf(database.engine)), close: () => database.close() }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv
  loadDotEnv()
  const { contentDir, dataDir, databaseUrl } = loadConfig(process.env, { server: false })
  if (command === 'export') {
    const at = args.indexOf('--out')
    const out = at >= 0 ? args[at + 1] : undefined
    if (!out || args.length !== 2) fail('export: --out DIR is required')
    const count = exportContent(contentDir, out)
    process.stdout.write(`exported ${count} file(s) from ${contentDir} to ${out}\n`)
    return 0
  }
  if (command === 'import') {
    if (args.length !== 1 || args[0]!.startsWith('-')) fail('import: give the folder to import, once')
    const opened = await openEditorStore(dataDir, databaseUrl)
    try {
      const result = await importContent(contentDir, args[0]!, opened?.store ?? null, Date.now())
      const items = result.changed.length > 0 ? `: ${result.changed.join(', ')}` : ''
      process.stdout.write(`imported ${args[0]} into ${contentDir}: ${result.written} file(s) written, ${result.removed} removed, ${result.changed.length} item(s) changed${items}\n`)
      return 0
    } finally {
      await opened?.close()
    }
  }
  fail(command ? `unknown command ${command}` : 'a command is required')
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (err) => {
    if (err instanceof ContentRefused) {
      for (const line of err.problems) process.stderr.write(`${line}\n`)
      process.stderr.write(`content refused: ${err.problems.length} problem(s); nothing was changed\n`)
    } else {
      process.stderr.write(`content command could not run: ${(err as Error).stack ?? err}\n`)
    }
    process.exitCode = 1
  },
)
