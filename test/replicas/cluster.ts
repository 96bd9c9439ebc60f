// Several replicas of the built server (dist/: `node build.mjs` first) sharing PostgreSQL, Redis and an SMTP
// server, behind a Caddy load balancer: the harness of test/replicas/*.test.ts and bench/replicas.mjs.
// Every engine is a throw-away one (scripts/engines.mjs) on a free loopback port.
import { execFile } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { startBuiltServer, type BuiltServer } from '../../bench/built-server.mjs'
import { freePort, startCaddy, startPostgres, startRedis, type CaddyEngine, type Engine, type PostgresDatabase } from '../../scripts/engines.mjs'
import { formFields, formToken, validInquiry } from '../server/contact/helper'
import { startSmtp, type ReceivedMail, type SmtpOptions } from '../server/contact/smtp'
import { cliArgs } from '../server/cli'

export { startBuiltServer, type BuiltServer }

/** The same form secret on every replica (a token served by one is accepted by the others). */
export const FORM_SECRET = 'replica-test-form-secret-0123456'
export const CONTACT_TO = 'staff@example.com'

export interface ClusterOptions {
  replicas?: number
  /** Extra environment for every replica (wins over the defaults). */
  env?: Record<string, string>
  /** false: no Redis (REDIS_URL unset). */
  redis?: boolean
  /** false: no Caddy in front (SITE_URL is then the first replica's origin). */
  proxy?: boolean
  /** false: Caddy without the active /readyz check (deploy/Caddyfile.replicas has it; bench/replicas.mjs compares). */
  healthChecks?: boolean
  /** false: no DATABASE_URL (SQLite in each replica's DATA_DIR: one replica only makes sense). */
  postgres?: boolean
  smtp?: SmtpOptions
  /** The build every replica starts from (default dist/; another release's for the upgrade test). */
  dist?: string
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * PostgreSQL, Redis, SMTP, `replicas` built servers on fixed ports and Caddy in front of them.
 * `stop()` ends everything (the replicas first); with `t`, it is a teardown of the test.
 */
export async function startCluster(t: { teardown: (fn: () => unknown) => void } | null, options: ClusterOptions = {}) {
  const count = options.replicas ?? 3
  const stoppers: (() => Promise<unknown>)[] = []
  const stop = async () => {
    for (const fn of stoppers.splice(0).reverse()) await fn().catch(() => {})
  }
  t?.teardown(stop)
  try {
    const smtp = await startSmtp(0, options.smtp)
    stoppers.push(async () => {
      smtp.release()
      await smtp.close()
    })
    const pg: PostgresDatabase | null = options.postgres === false ? null : await startPostgres()
    if (pg) stoppers.push(() => pg.stop())
    const redis: Engine | null = options.redis === false ? null : await startRedis()
    if (redis) stoppers.push(() => redis.stop())
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()))
    const proxyPort = options.proxy === false ? 0 : await freePort()
    const env: Record<string, string> = {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      SITE_URL: `http://127.0.0.1:${proxyPort || ports[0]}`,
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'info',
      ...(pg ? { DATABASE_URL: pg.url } : {}),
      ...(redis ? { REDIS_URL: redis.url } : {}),
      FORM_SECRET,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      CONTACT_TO,
      MAIL_FROM: 'Site <site@example.com>',
      SHUTDOWN_DELAY_MS: '1500',
      SHUTDOWN_TIMEOUT_MS: '10000',
      CONTACT_MIN_FILL_MS: '0',
      RATE_LIMIT_CONTACT_MAX: '1000000',
      // The load sends hundreds of inquiries from distinct addresses, each expecting its auto-reply.
      CONTACT_AUTOREPLY_MAX_PER_HOUR: '100000',
      ...options.env,
    }
    const replicas: BuiltServer[] = []
    const dists = ports.map(() => options.dist ?? 'dist')
    const startReplica = async (i: number) => {
      const server = await startBuiltServer(env, { port: ports[i]!, logs: true, timeoutMs: 30_000, dist: dists[i]! })
      replicas[i] = server
      return server
    }
    // As `docker compose up` starts them: all at once (their migrations meet in the database).
    stoppers.push(() => Promise.all(replicas.map((r) => r?.stop('SIGKILL'))))
    await Promise.all(ports.map((_, i) => startReplica(i)))
    let lb: CaddyEngine | null = null
    if (proxyPort) {
      lb = await startCaddy({ upstreams: ports.map((p) => `127.0.0.1:${p}`), port: proxyPort, healthChecks: options.healthChecks ?? true })
      stoppers.splice(stoppers.length - 1, 0, () => lb!.stop()) // stopped after the replicas
    }
    const url = lb?.url ?? replicas[0]!.origin

    return {
      url,
      env,
      ports,
      replicas,
      smtp,
      pg,
      redis,
      lb,
      stop,
      /** Starts replica i again (after it exited) on its port; resolves once its /readyz answers 200. */
      start: startReplica,
      /**
       * A rolling restart's step: SIGTERM to replica i, its exit awaited, a new one on the same port (from
       * `dist`, another build, when given: an upgrade's step), ready. Resolves with the old one's exit.
       */
      async restart(i: number, dist?: string) {
        const exit = await replicas[i]!.stop('SIGTERM')
        if (dist) dists[i] = dist
        await startReplica(i)
        return exit
      },
      /** `inquiries export --format json` (the CLI, from the sources) against the cluster's database. */
      async exportInquiries(): Promise<ExportedInquiry[]> {
        const dir = mkdtempSync(join(tmpdir(), 'replica-export-'))
        try {
          const out = join(dir, 'inquiries.json')
          await promisify(execFile)(process.execPath, [...cliArgs('inquiries'), 'export', '--format', 'json', '--out', out], {
            env: { ...process.env, ...env, DATA_DIR: dir, LOG_LEVEL: 'warn' },
            timeout: 60_000,
          })
          return JSON.parse(readFileSync(out, 'utf8'))
        } finally {
          rmSync(dir, { recursive: true, force: true })
        }
      },
      /** Replica i's log output (JSON lines, then stderr), for a failure's diagnosis. */
      logs(i: number): string {
        return replicas[i]?.output() ?? ''
      },
      /** Replica i's request log lines (JSON) matching `method` and a URL prefix. */
      requests(i: number, method: string, url: string): { statusCode: number }[] {
        return (replicas[i]?.output() ?? '')
          .split('\n')
          .filter((l) => l.startsWith('{') && l.includes('"msg":"request"'))
          .map((l) => JSON.parse(l))
          .filter((l) => l.method === method && String(l.url).startsWith(url))
      },
    }
  } catch (err) {
    await stop()
    throw err
  }
}

export interface ExportedInquiry {
  id: string
  email: string
  mail: { staff: { status: string } | null; autoReply: { status: string } | null }
  [field: string]: unknown
}

// ------------------------------------------------------------------------------------------ contact POSTs

export interface Answer {
  /** What was asked, e.g. 'GET /en/about' or 'POST /api/contact'. */
  what: string
  status: number
  /** When it started and how long it took (ms, performance.now()). */
  at: number
  ms: number
  /** Status not as expected (or no answer: status 0). */
  failed: boolean
  detail?: string
}

async function timed(what: string, expected: number[], request: () => Promise<Response>): Promise<{ answer: Answer; res: Response | null; body: string }> {
  const at = performance.now()
  let res: Response | null = null
  let body = ''
  let detail: string | undefined
  try {
    res = await request()
    body = await res.text()
  } catch (err) {
    detail = `${(err as Error).message} ${String((err as { cause?: unknown }).cause ?? '')}`
  }
  const status = res?.status ?? 0
  const failed = !expected.includes(status)
  if (failed && detail === undefined) detail = body.slice(0, 300)
  return { answer: { what, status, at, ms: performance.now() - at, failed, ...(detail !== undefined ? { detail } : {}) }, res, body }
}

/**
 * One inquiry as a visitor sends it: GET the form (its `_token`), then either the JSON API (201 `{ id }`) or
 * the form's send step (303 to `…/contact/success?ref=ID`). `n` makes the address unique (the auto-reply cap
 * counts per address; `formFrom`: the origin the form is loaded from, default `base`). Returns the answers
 * (the GET and the POST) and the acknowledged id.
 */
export async function sendInquiry(
  base: string,
  n: number,
  { via = n % 2 ? 'form' : 'api', headers = {}, formFrom = base }: { via?: 'api' | 'form'; headers?: Record<string, string>; formFrom?: string } = {},
): Promise<{ answers: Answer[]; id: string | null; status: number }> {
  const locale = n % 3 === 0 ? 'en' : 'ja'
  const page = `${locale === 'en' ? '/en' : ''}/contact`
  const got = await timed(`GET ${page}`, [200], () => fetch(formFrom + page, { headers }))
  if (got.answer.failed) return { answers: [got.answer], id: null, status: 0 }
  const token = formToken(got.body)
  const email = `visitor${n}@example.com`
  if (via === 'api') {
    const sent = await timed('POST /api/contact', [201], () =>
      fetch(`${base}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(validInquiry({ locale, email, emailConfirm: email, _token: token })),
      }),
    )
    const id = sent.answer.failed ? null : (JSON.parse(sent.body) as { id: string }).id
    return { answers: [got.answer, sent.answer], id, status: sent.answer.status }
  }
  const sent = await timed(`POST ${page}`, [303], () =>
    fetch(base + page, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(formFields({ _token: token, email, emailConfirm: email, step: 'send' })).toString(),
    }),
  )
  const location = sent.res?.headers.get('location') ?? ''
  const id = sent.answer.failed ? null : new URL(location, base).searchParams.get('ref')
  return { answers: [got.answer, sent.answer], id, status: sent.answer.status }
}

/** Pages of the shipped content that answer 200. */
export const PAGES = ['/', '/en', '/about', '/en/about', '/construction-project', '/en/construction-project', '/construction-project/saitama-pump-station', '/news', '/en/news', '/en/service', '/greeting']

/**
 * A steady load through `base`: `getLoops` loops of page GETs and `postLoops` loops of inquiries, each
 * sending its next request as soon as the last is answered (an inquiry loop waits `postPauseMs` more). `stop()` ends the loops and resolves with
 * every answer and the acknowledged inquiry ids.
 */
export function startLoad(base: string, { getLoops = 3, postLoops = 2, postPauseMs = 0, firstInquiry = 0 } = {}) {
  const answers: Answer[] = []
  const ids: string[] = []
  let running = true
  let next = firstInquiry
  const getLoop = async (k: number) => {
    for (let i = k; running; i++) {
      const path = PAGES[i % PAGES.length]!
      answers.push((await timed(`GET ${path}`, [200], () => fetch(base + path))).answer)
    }
  }
  const postLoop = async () => {
    while (running) {
      const r = await sendInquiry(base, next++)
      answers.push(...r.answers)
      if (r.id) ids.push(r.id)
      if (postPauseMs) await pause(postPauseMs)
    }
  }
  const loops = [...Array.from({ length: getLoops }, (_, k) => getLoop(k)), ...Array.from({ length: postLoops }, () => postLoop())]
  return {
    answers,
    ids,
    async stop() {
      running = false
      await Promise.all(loops)
      return { answers, ids }
    },
  }
}

/** The 99th percentile (ms) of the answers' latencies. */
export function p99(answers: Answer[]): number {
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b)
  return ms.length ? ms[Math.min(ms.length - 1, Math.ceil(ms.length * 0.99) - 1)]! : 0
}

// ------------------------------------------------------------------------------------------ mail

/** Staff mails and auto-replies received per inquiry id (X-Inquiry-Reference), and mails without one. */
export function mailsByInquiry(mails: ReceivedMail[]) {
  const byId = new Map<string, { staff: number; autoReply: number }>()
  let unknown = 0
  for (const mail of mails) {
    const id = mail.headers['x-inquiry-reference']
    if (!id) {
      unknown++
      continue
    }
    const entry = byId.get(id) ?? { staff: 0, autoReply: 0 }
    if (mail.to.includes(CONTACT_TO)) entry.staff++
    else entry.autoReply++
    byId.set(id, entry)
  }
  return { byId, unknown }
}

/** Waits until every id has its staff mail and auto-reply (or the deadline passes); returns the count per id. */
export async function waitForMails(mails: ReceivedMail[], ids: string[], timeoutMs = 90_000) {
  const end = Date.now() + timeoutMs
  for (;;) {
    const { byId } = mailsByInquiry(mails)
    const missing = ids.filter((id) => !(byId.get(id)?.staff && byId.get(id)?.autoReply))
    if (missing.length === 0 || Date.now() > end) return { missing, ...mailsByInquiry(mails) }
    await pause(250)
  }
}
