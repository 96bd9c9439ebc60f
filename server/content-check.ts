import { LOCALE_CODES, type Locale } from '../shared/i18n/locales'
import { STATIC_PAGE_IDS, type ContentSource } from '../shared/content'
import { loadConfig } from './config'
import { loadDotEnv } from './env-file'
import { ContentError, loadContent } from './content/load'

/**
 * `npm run content:check` (`node dist/server/content-check.js` in the image): loads and validates the
 * content folder (CONTENT_DIR) exactly as the server does at start, for a writer or an editor's CI.
 *
 *   (no option)  problems on stderr, one line each ('file: field: what is wrong'), then the warnings on
 *                stdout, each line 'warning: …', then one line saying how it went.
 *   --json       one JSON object on stdout and nothing else: { ok, problems, warnings, summary }, each
 *                problem and warning { file, line, column, field, message, text } (line and column
 *                numbers, or null when the line names no place in the file).
 *   --strict     warnings fail the check too.
 *
 * Exit code: 0 when the content loads (warnings only, without --strict), 1 on any problem (or any
 * warning with --strict), 2 when the command line is wrong.
 */

const USAGE = 'usage: content-check [--json] [--strict]'

/**
 * A problem or warning line taken apart: 'news/x.ja.md: date: must be…', 'site.yml:39:3: not valid
 * YAML: …' (line and column null when the line names no place in the file, field null when it names none).
 */
export interface CheckLine {
  file: string
  line: number | null
  column: number | null
  field: string | null
  message: string
  /** The whole line as printed. */
  text: string
}

/** 'site.yml:39:3': the file, then the line and column when known. */
const PLACE = /^(.+?):(\d+):(\d+)$/

/** A field as lines name it: date, gallery[0].alt, services[1].title.en, (front matter), (whole file). */
const FIELD = /^((?:[A-Za-z_$][\w$-]*)(?:\[\d+\]|\.[A-Za-z_$][\w$-]*)*|\((?:front matter|whole file)\)): ([\s\S]*)$/

export function parseLine(text: string): CheckLine {
  const at = text.indexOf(': ')
  if (at < 0) return { file: '', line: null, column: null, field: null, message: text, text }
  const place = PLACE.exec(text.slice(0, at))
  const where = place ? { file: place[1]!, line: Number(place[2]), column: Number(place[3]) } : { file: text.slice(0, at), line: null, column: null }
  const rest = text.slice(at + 2)
  const m = FIELD.exec(rest)
  return m ? { ...where, field: m[1]!, message: m[2]!, text } : { ...where, field: null, message: rest, text }
}

type Counts = Record<Locale, number>
export interface Summary {
  news: Counts
  projects: Counts
  pages: Counts
}

function summarize(content: ContentSource): Summary {
  const per = (fn: (code: Locale) => number) => Object.fromEntries(LOCALE_CODES.map((code) => [code, fn(code)])) as Counts
  // Every built-in page exists in every language (a missing one is a problem); pages of content/pages/ where written.
  // (contentPages: the pages of content/pages/ at their own paths, when the server has them.)
  const contentPages = (content as { contentPages?: () => { locales: Locale[] }[] }).contentPages?.call(content) ?? []
  return {
    news: per((code) => content.listNews(code).length),
    projects: per((code) => content.listProjects(code).length),
    pages: per((code) => STATIC_PAGE_IDS.length + contentPages.filter((p) => p.locales.includes(code)).length),
  }
}

async function main(argv: string[]): Promise<number> {
  const unknown = argv.filter((arg) => arg !== '--json' && arg !== '--strict')
  if (unknown.length > 0) {
    process.stderr.write(`content-check: unknown option ${unknown.join(' ')}\n${USAGE}\n`)
    return 2
  }
  const json = argv.includes('--json')
  const strict = argv.includes('--strict')
  loadDotEnv()
  const { contentDir } = loadConfig(process.env, { server: false })

  let problems: string[] = []
  let warnings: string[] = []
  let content: ContentSource | null = null
  try {
    const loaded = await loadContent(contentDir)
    content = loaded.content
    warnings = loaded.warnings
  } catch (err) {
    if (!(err instanceof ContentError)) throw err
    problems = err.problems
    warnings = err.warnings
  }
  const failed = problems.length > 0 || (strict && warnings.length > 0)
  const summary = content ? summarize(content) : null

  if (json) {
    const report = { ok: !failed, problems: problems.map(parseLine), warnings: warnings.map(parseLine), summary }
    process.stdout.write(`${JSON.stringify(report, null, 2)}\n`)
    return failed ? 1 : 0
  }

  for (const line of problems) process.stderr.write(`${line}\n`)
  for (const line of warnings) process.stdout.write(`warning: ${line}\n`)
  if (problems.length > 0) {
    process.stderr.write(`content check failed: ${problems.length} problem(s)\n`)
    return 1
  }
  if (failed) {
    process.stderr.write(`content check failed: ${warnings.length} warning(s) (--strict)\n`)
    return 1
  }
  const count = (counts: Counts) => LOCALE_CODES.map((code) => `${counts[code]} ${code}`).join(' / ')
  const warned = warnings.length > 0 ? `, ${warnings.length} warning(s)` : ''
  process.stdout.write(`content OK (${contentDir}): news ${count(summary!.news)}, projects ${count(summary!.projects)}, pages ${count(summary!.pages)}, version ${content!.version}${warned}\n`)
  return 0
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (err) => {
    process.stderr.write(`content check could not run: ${(err as Error).stack ?? err}\n`)
    process.exitCode = 1
  },
)
