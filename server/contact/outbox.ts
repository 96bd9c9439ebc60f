import type { FastifyBaseLogger } from 'fastify'
import type { Db } from './db'
import { composeMail, type MailContext, type MailMessage } from './mail-text'
import type { InquiryStore, MailKind } from './store'

/** What the outbox needs of nodemailer (a Transporter, or a fake in tests). */
export interface MailTransport {
  sendMail(message: MailMessage & { from: string; textEncoding?: 'base64' | 'quoted-printable' }): Promise<unknown>
}

export interface OutboxOptions {
  /** How often due mails are looked for (a new inquiry also wakes the worker at once). */
  pollMs: number
  /** Delay after the first failure; doubled after each further one, up to maxDelayMs. */
  baseDelayMs: number
  maxDelayMs: number
  /** After this many failed attempts a mail is marked 'failed' (re-queue: npm run inquiries -- retry). */
  maxAttempts: number
}

export const DEFAULT_OUTBOX: OutboxOptions = { pollMs: 5_000, baseDelayMs: 30_000, maxDelayMs: 3_600_000, maxAttempts: 12 }

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

interface Deps extends MailContext {
  db: Db
  store: InquiryStore
  transport: MailTransport
  from: string
  log: FastifyBaseLogger
  options: OutboxOptions
  /** Called for every failed attempt to send (the metrics count them). */
  onMailFailed?: ((kind: MailKind) => void) | undefined
}

/**
 * The mail outbox worker. Rows are written with the inquiry (same transaction); this loop
 * sends the due ones one at a time, outside any request, and records the outcome, so a
 * failing SMTP server never slows or fails a visitor, and pending mail survives restarts.
 * Delivery is at least once: a crash between sending and recording may send a mail twice.
 */
export function createOutbox(deps: Deps) {
  const { db, options, log } = deps
  const due = db.prepare("SELECT seq, inquiry_id, kind, attempts FROM outbox WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at, seq LIMIT 20")
  const sent = db.prepare("UPDATE outbox SET status = 'sent', attempts = attempts + 1, sent_at = ?, last_error = NULL WHERE seq = ?")
  const failed = db.prepare('UPDATE outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ? WHERE seq = ?')
  let timer: NodeJS.Timeout | undefined
  let running: Promise<void> | null = null
  let stopped = false
  let again = false

  async function deliver(row: { seq: number; inquiry_id: string; kind: MailKind; attempts: number }): Promise<void> {
    const attempts = row.attempts + 1
    try {
      const inquiry = deps.store.find(row.inquiry_id)
      if (!inquiry) throw new Error('inquiry not found')
      await deps.transport.sendMail({ ...composeMail(row.kind, inquiry, deps), from: deps.from, textEncoding: 'base64' })
      sent.run(new Date().toISOString(), row.seq)
      log.info({ inquiryId: row.inquiry_id, mail: row.kind, attempts }, 'mail sent')
    } catch (err) {
      const giveUp = attempts >= options.maxAttempts
      const next = Date.now() + retryDelay(attempts, options)
      const reason = maskEmailAddresses(err instanceof Error ? err.message : String(err))
      failed.run(giveUp ? 'failed' : 'pending', attempts, next, reason.slice(0, 500), row.seq)
      deps.onMailFailed?.(row.kind)
      const entry = { inquiryId: row.inquiry_id, mail: row.kind, attempts, reason, ...(giveUp ? {} : { retryAt: new Date(next).toISOString() }) }
      if (giveUp) log.error(entry, 'mail failed, giving up')
      else log.warn(entry, 'mail failed, will retry')
    }
  }

  async function drain(): Promise<void> {
    for (;;) {
      const rows = due.all(Date.now()) as Parameters<typeof deliver>[0][]
      if (rows.length === 0 || stopped) return
      for (const row of rows) {
        if (stopped) return
        await deliver(row)
      }
    }
  }

  function tick(): void {
    clearTimeout(timer)
    if (stopped) return
    if (!running) {
      running = drain()
        .catch((err) => log.error({ err }, 'outbox failed'))
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
