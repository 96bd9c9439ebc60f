import { loadConfig } from './config'
import { ContentError, loadContent } from './content/load'

/**
 * `npm run content:check`: loads and validates the content folder (CONTENT_DIR) exactly as the
 * server does at start, prints one line per problem and exits 1 when there is any.
 */
async function main(): Promise<void> {
  const { contentDir } = loadConfig()
  try {
    const { content } = await loadContent(contentDir)
    const count = (fn: (l: 'ja' | 'en') => unknown[]) => `${fn('ja').length} ja / ${fn('en').length} en`
    process.stdout.write(
      `content OK (${contentDir}): news ${count((l) => content.listNews(l))}, projects ${count((l) => content.listProjects(l))}, version ${content.version}\n`,
    )
  } catch (err) {
    if (!(err instanceof ContentError)) throw err
    for (const line of err.problems) process.stderr.write(`${line}\n`)
    process.stderr.write(`content check failed: ${err.problems.length} problem(s)\n`)
    process.exit(1)
  }
}

void main()
