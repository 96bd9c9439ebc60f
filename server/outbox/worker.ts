/**
 * The outbox's worker: claims due rows, sends each as its kind's registration says (server/mail-kinds.ts
 * lists them), and records the outcome with back-off; the same loop on every replica.
 */
import type { FastifyBaseLogger } from 'fastify'
import type { StoreHealth } from '../db/health'
import type { ClaimedOutboxMail, KindRegistration, MailTransport, OutboxStore } from './types'

export type { MailTransport } from './types'

export interface OutboxOptions {
  /** How often due mails are looked for (a new inquiry also wakes the worker at once). */
  pollMs: number
  /** Delay after the first failure; doubled after each further one, up to maxDelayMs. */
  baseDelayMs: number
  maxDelayMs: number
  /** After this many failed attempts a mail is marked 'failed' (re-queue: npm run inquiries -- retry). */
  maxAttempts: number
  /**
   * How long a claimed mail is this worker's alone (OUTBOX_LEASE_MS). Longer than the slowest send
   * (nodemailer's timeouts: 10 s to connect, 10 s for the greeting, 30 s of silence), so a mail is
   * never sent twice while its replica lives; after a replica's death its mail waits this long.
   */
  leaseMs: number
  /** A webhook (a kind delivered by an HTTP POST) not answered this long after it was posted has failed (well below leaseMs). */
  webhookTimeoutMs: number
}

export const DEFAULT_OUTBOX: OutboxOptions = { pollMs: 5_000, baseDelayMs: 30_000, maxDelayMs: 3_600_000, maxAttempts: 12, leaseMs: 120_000, webhookTimeoutMs: 10_000 }

/** Exponential back-off: base, 2 x base, 4 x base ... capped. */
export function retryDelay(attempts: number, o: Pick<OutboxOptions, 'baseDelayMs' | 'maxDelayMs'>): number {
  return Math.min(o.baseDelayMs * 2 ** Math.max(0, attempts - 1), o.maxDelayMs)
}

/**
 * An SMTP error as it may be logged and stored: mail servers quote the rejected address in their
 * answer (for the auto-reply, the visitor's own email), so every address becomes [email].
 */
export function maskEmailAddresses(text: string): string {
  return text.replace(/[^\s<>@]+@[^\s<>@]+/g, '[email]')
}

interface Deps {
  store: OutboxStore
  health: StoreHealth
  transport: MailTransport
  /** MAIL_FROM: the sender of every mail. */
  from: string
  /** Every kind the worker sends (server/mail-kinds.ts); a row of any other kind is left pending. */
  kinds: readonly KindRegistration[]
  log: FastifyBaseLogger
  options: OutboxOptions
  /** Called for every failed attempt to send (the metrics count them). */
  onMailFailed?: ((kind: string) => void) | undefined
}

/** The registrations by name; two of one name are a mistake of the registry, refused at start. */
function kindsByName(kinds: readonly KindRegistration[]): Map<string, KindRegistration> {
  const byName = new Map<string, KindRegistration>()
  for (const kind of kinds) {
    if (byName.has(kind.name)) throw new Error(`outbox kind '${kind.name}' is registered twice`)
    byName.set(kind.name, kind)
  }
  return byName
}

const isUnavailable = (err: unknown) => (err as { code?: string }).code === 'SITE_STORE_UNAVAILABLE'

/**
 * The outbox worker: mail (the staff mail, the auto-reply, staff replies, digests) and webhooks, each
 * kind composed as its area registered it (server/mail-kinds.ts). Rows are written with the inquiry,
 * the reply or the digest (same transaction); this loop claims the due ones one at a time, sends each
 * outside any request and records the outcome, so a failing SMTP server never slows or fails a
 * visitor, and pending mail survives restarts. A row of a kind with no registration is never claimed
 * (claimMail's kinds), so it stays pending, its attempts untouched, for a worker that has the kind.
 * Every replica runs it: a claim (store.claimMail) gives a mail to one worker for leaseMs.
 * Delivery is at least once: a replica that dies (or loses the database) between the SMTP
 * server's accept and the status write leaves the claim to expire, and the mail is sent again
 * (docs/decisions/0008-several-replicas.md).
 */
export function createOutbox(deps: Deps) {
  const { store, health, options, log } = deps
  const kinds = kindsByName(deps.kinds)
  const names = [...kinds.keys()]
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null
  let stopped = false
  let again = false

  /** The sent status, written again while the database is away, until the claim would expire. */
  async function recordSent(mail: ClaimedOutboxMail, claimedAt: number): Promise<void> {
    for (let wait = 250; ; wait = Math.min(wait * 2, 5_000)) {
      try {
        if (!(await store.mailSent(mail, new Date()))) log.warn({ inquiryId: mail.inquiryId, mail: mail.kind }, 'mail sent after its claim expired: another worker may send it too')
        return
      } catch (err) {
        if (!isUnavailable(err) || Date.now() + wait > claimedAt + options.leaseMs) throw err
        await new Promise((done) => setTimeout(done, wait).unref())
      }
    }
  }

  /** Composes and delivers one row as its kind says; rejects with the reason it failed. */
  async function send(mail: ClaimedOutboxMail, kind: KindRegistration): Promise<void> {
    if (kind.delivery === 'webhook') return kind.post(mail, options.webhookTimeoutMs)
    await deps.transport.sendMail({ ...(await kind.compose(mail)), from: deps.from, textEncoding: 'base64' })
  }

  async function deliver(mail: ClaimedOutboxMail, claimedAt: number): Promise<void> {
    const kind = kinds.get(mail.kind)! // claimed among `names` only
    const attempts = mail.attempts + 1
    try {
      await send(mail, kind)
    } catch (err) {
      if (isUnavailable(err)) throw err // not the mail's fault: its claim expires and it is tried again
      const giveUp = attempts >= options.maxAttempts
      const next = Date.now() + retryDelay(attempts, options)
      const reason = maskEmailAddresses(err instanceof Error ? err.message : String(err))
      await store.mailFailed(mail, { giveUp, nextAttemptAt: next, error: reason.slice(0, 500), at: Date.now() })
      deps.onMailFailed?.(mail.kind)
      const entry = { inquiryId: mail.inquiryId, mail: mail.kind, attempts, reason, ...(giveUp ? {} : { retryAt: new Date(next).toISOString() }) }
      if (giveUp) log.error(entry, `${kind.delivery} failed, giving up`)
      else log.warn(entry, `${kind.delivery} failed, will retry`)
      return
    }
    await recordSent(mail, claimedAt)
    log.info({ inquiryId: mail.inquiryId, mail: mail.kind, attempts }, `${kind.delivery} sent`)
  }

  async function drain(): Promise<void> {
    while (!stopped && health.up) {
      const claimedAt = Date.now()
      const mail = await health.use(() => store.claimMail(claimedAt, options.leaseMs, names))
      if (!mail) return
      await health.use(() => deliver(mail, claimedAt))
    }
  }

  function tick(): void {
    clearTimeout(timer)
    if (stopped) return
    if (!running) {
      running = drain()
        // An unreachable database was logged once by the health monitor; the next poll tries again.
        .catch((err) => {
          if (!isUnavailable(err)) log.error({ err }, 'outbox failed')
        })
        .finally(() => {
          running = null
          if (stopped) return
          if (again) setImmediate(tick)
          else timer = setTimeout(tick, options.pollMs).unref()
          again = false
        })
    }
  }

  return {
    start: () => tick(),
    /** A new inquiry: look for due mail now rather than at the next poll. */
    kick: () => {
      if (running) again = true
      else setImmediate(tick)
    },
    async stop(): Promise<void> {
      stopped = true
      clearTimeout(timer)
      await running
    },
  }
}

export type Outbox = ReturnType<typeof createOutbox>
