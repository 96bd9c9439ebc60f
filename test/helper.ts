import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppDeps } from '../server/app'
import { ConfigError, loadConfig, type Config } from '../server/config'

export const SITE = 'https://www.example.test'
/** Small, stable content for the tests (the shipped sample content may change freely). */
export const FIXTURE_CONTENT = 'test/fixtures/content'
const dataDir = mkdtempSync(join(tmpdir(), 'site-test-'))
process.on('exit', () => rmSync(dataDir, { recursive: true, force: true }))

/**
 * A config as the tests need it: quiet logs, a fixed public origin, the built assets in dist/, and image
 * variants made on request only (MEDIA_WARM=off: warming the fixtures at every app would cost seconds of CPU
 * each; the tests of the warm turn it on: test/server/media-warm*.test.ts).
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent', SITE_URL: SITE, NODE_ENV: 'test', CONTENT_DIR: FIXTURE_CONTENT, DATA_DIR: dataDir, MEDIA_WARM: 'off' }), ...overrides }
}

/** Builds the app for one test and closes it when the test ends. */
export async function build(t: { teardown: (fn: () => unknown) => void }, overrides: Partial<Config> = {}, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = await buildApp(testConfig(overrides), deps)
  t.teardown(() => app.close())
  return app
}

/** A writable stream collecting pino's JSON log lines. */
export function logCollector() {
  const lines: any[] = []
  const stream = new Writable({
    write(chunk, _enc, cb) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line))
      cb()
    },
  })
  return { lines, stream }
}

/** Reads a tag attribute from rendered HTML, e.g. attr(html, 'link[rel=canonical]', 'href'). */
export function headTags(html: string) {
  const head = html.slice(0, html.indexOf('</head>'))
  const all = (re: RegExp) => [...head.matchAll(re)]
  return {
    lang: /<html lang="([^"]+)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(head)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(head)?.[1],
    canonical: /<link rel="canonical" href="([^"]+)"/.exec(head)?.[1],
    robots: /<meta name="robots" content="([^"]+)"/.exec(head)?.[1],
    hreflang: Object.fromEntries(all(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g).map((m) => [m[1], m[2]])),
    ogLocale: /<meta property="og:locale" content="([^"]+)"/.exec(head)?.[1],
    ogLocaleAlternates: all(/<meta property="og:locale:alternate" content="([^"]+)"/g).map((m) => m[1]),
    ogTitle: /<meta property="og:title" content="([^"]*)"/.exec(head)?.[1],
    ogDescription: /<meta property="og:description" content="([^"]*)"/.exec(head)?.[1],
  }
}

/** The JSON page state the server ships with a page. */
export function pageState(html: string): any {
  const m = /<script type="application\/json" id="__page_state">([\s\S]*?)<\/script>/.exec(html)
  if (!m) throw new Error('no page state in the document')
  return JSON.parse(m[1]!)
}

/** Text of the first h1. */
export function h1(html: string): string | undefined {
  return /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '')
}

/** The error lines loadConfig throws for env ('' when it does not throw). */
export function configError(env: Record<string, string>): string {
  try {
    loadConfig(env)
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err
    return err.message
  }
  return ''
}
