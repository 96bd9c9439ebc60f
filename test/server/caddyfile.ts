// The shipped Caddyfiles' limit on the staff area as the tests read it, and the files as a Caddy without its module
// can adapt them: the rate_limit handler (github.com/mholt/caddy-ratelimit) is no standard module. The compose proxy
// is built with it (deploy/caddy/Dockerfile); Debian's caddy here has not got it, so a test that runs caddy on a
// shipped file adapts a copy without the rate_limit block there (the rest of the file is still checked).
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'

/** The lines of the site block's `rate_limit { … }` of a Caddyfile: the first line's index and the one after the block. */
function blockRange(lines: string[]): [number, number] | null {
  const start = lines.findIndex((l) => /^\s*rate_limit\s*\{\s*$/.test(l))
  if (start === -1) return null
  let depth = 0
  for (let i = start; i < lines.length; i++) {
    const code = lines[i]!.replace(/#.*$/, '').trim()
    if (code.endsWith('{')) depth++
    if (code === '}' && --depth === 0) return [start, i + 1]
  }
  return null
}

/** The rate_limit block of a Caddyfile, one directive a line, nested blocks joined by ' > ' ('zone staff > key {remote_host}'); [] without one. */
export function rateLimit(caddyfile: string): string[] {
  const lines = caddyfile.split('\n')
  const range = blockRange(lines)
  if (!range) return []
  const directives: string[] = []
  const blocks: string[] = []
  for (const line of lines.slice(range[0] + 1, range[1] - 1).map((l) => l.replace(/#.*$/, '').trim().replace(/\s+/g, ' '))) {
    if (!line) continue
    if (line === '}') blocks.pop()
    else if (line.endsWith('{')) blocks.push(line.slice(0, -1).trim())
    else directives.push([...blocks, line].join(' > '))
  }
  return directives
}

/** Whether the installed caddy has the rate_limit handler (Debian's 2.6.2 has not). */
export function caddyHasRateLimit(): boolean {
  const run = spawnSync('caddy', ['list-modules'], { encoding: 'utf8' })
  return !run.error && run.stdout.split('\n').includes('http.handlers.rate_limit')
}

/** A Caddyfile's text without its rate_limit block (and the comment lines just above it). */
export function withoutRateLimit(caddyfile: string): string {
  const lines = caddyfile.split('\n')
  const range = blockRange(lines)
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
