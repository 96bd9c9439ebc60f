// The shipped Caddyfiles' limit on the staff area as the tests read it, and the files as a Caddy without its module
// can adapt them: the rate_limit handler (github.com/mholt/caddy-ratelimit) is no standard module. The compose proxy
// is built with it (deploy/caddy/Dockerfile); Debian's caddy here has not got it, so a test that runs caddy on a
// shipped file adapts a copy without the rate_limit block there (the rest of the file is still checked).
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'

/** The first block whose opening line matches `opener`: its line index and the index after its closing brace. */
function blockRange(lines: string[], opener: RegExp): [number, number] | null {
  const start = lines.findIndex((l) => opener.test(l.replace(/#.*$/, '')))
  if (start === -1) return null
  let depth = 0
  for (let i = start; i < lines.length; i++) {
    const code = lines[i]!.replace(/#.*$/, '').trim()
    if (code.endsWith('{')) depth++
    if (code === '}' && --depth === 0) return [start, i + 1]
  }
  return null
}

/**
 * The first block of a Caddyfile whose opening line matches `opener` (`/^\s*reverse_proxy\b/`): the words after
 * the directive's name on that line, and its directives one a line, comments left out, nested blocks joined by ' > '
 * ('transport http > dial_timeout 2s'), sorted; null without one.
 */
export function caddyBlock(caddyfile: string, opener: RegExp): { args: string[]; directives: string[] } | null {
  const lines = caddyfile.split('\n')
  const range = blockRange(lines, opener)
  if (!range) return null
  const code = (line: string) => line.replace(/#.*$/, '').trim().replace(/\s+/g, ' ')
  const directives: string[] = []
  const blocks: string[] = []
  for (const line of lines.slice(range[0] + 1, range[1] - 1).map(code)) {
    if (!line) continue
    if (line === '}') blocks.pop()
    else if (line.endsWith('{')) blocks.push(line.slice(0, -1).trim())
    else directives.push([...blocks, line].join(' > '))
  }
  return { args: code(lines[range[0]]!).slice(0, -1).trim().split(' ').slice(1), directives: directives.sort() }
}

const RATE_LIMIT = /^\s*rate_limit\s*\{\s*$/

/** The rate_limit block's directives ('zone staff > key {remote_host}'), [] without one. */
export const rateLimit = (caddyfile: string): string[] => caddyBlock(caddyfile, RATE_LIMIT)?.directives ?? []

/** Whether the installed caddy has the rate_limit handler (Debian's 2.6.2 has not). */
export function caddyHasRateLimit(): boolean {
  const run = spawnSync('caddy', ['list-modules'], { encoding: 'utf8' })
  return !run.error && run.stdout.split('\n').includes('http.handlers.rate_limit')
}

/** A Caddyfile's text without its rate_limit block (and the comment lines just above it). */
export function withoutRateLimit(caddyfile: string): string {
  const lines = caddyfile.split('\n')
  const range = blockRange(lines, RATE_LIMIT)
  if (!range) return caddyfile
  let start = range[0]
  while (start > 0 && /^\s*#/.test(lines[start - 1]!)) start--
  return [...lines.slice(0, start), ...lines.slice(range[1])].join('\n')
}

/** The file the installed caddy can adapt: `file` itself when it has the rate_limit module, else a copy in `dir` without the block. */
export function adaptable(file: string, dir: string): string {
  if (caddyHasRateLimit()) return file
  const copy = join(dir, `${basename(file)}.without-rate-limit`)
  writeFileSync(copy, withoutRateLimit(readFileSync(file, 'utf8')))
  return copy
}

/** The first handler named `name` in `caddy adapt`'s JSON (wherever the site's routes nest it). */
export function findHandler(config: unknown, name: string): Record<string, any> | undefined {
  if (Array.isArray(config)) {
    for (const item of config) {
      const found = findHandler(item, name)
      if (found) return found
    }
  } else if (config && typeof config === 'object') {
    if ((config as { handler?: unknown }).handler === name) return config as Record<string, any>
    for (const value of Object.values(config)) {
      const found = findHandler(value, name)
      if (found) return found
    }
  }
  return undefined
}
