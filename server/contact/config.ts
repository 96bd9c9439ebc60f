/**
 * The contact form's part of the environment (read by server/config.ts, the only reader of
 * process.env): mail, rate limit, form token secret, minimum fill time, API key, auto-reply limits.
 */
import { parseDuration } from '../config-formats'

export interface ContactConfig {
  /** nodemailer connection URL (smtp:// or smtps://); empty: inquiries are stored, nothing is mailed. */
  smtpUrl: string
  /** Staff address(es) that receive each inquiry. */
  to: string
  /** Sender of the staff mail and the auto-reply ('Name <address>' or an address). */
  from: string
  /** POSTs per client and window (the JSON API and the form's own POSTs share one budget). */
  rateLimitMax: number
  rateLimitWindowMs: number
  /** HMAC key of the form tokens; empty: generated once and kept in DATA_DIR/form-secret. */
  formSecret: string
  /** A form sent sooner than this after it was served is a bot's (dropped silently). */
  minFillMs: number
  /**
   * Key of trusted integrations that post to the JSON API without a form (`Authorization:
   * Bearer <key>`); empty: every JSON inquiry needs the signed token of a served form.
   */
  apiKey: string
  /** Auto-replies per recipient address and 24 hours; inquiries beyond it are stored and sent to staff only. */
  autoReplyMaxPerDay: number
  /** Auto-replies of the whole site per hour (all replicas, all recipients); beyond it, as above. */
  autoReplyMaxPerHour: number
  /** How long a replica's claim on a mail of the outbox lasts (a dead replica's mail is sent by another after it). */
  outboxLeaseMs: number
}

const ADDRESS = '[^\\s@<>,]+@[^\\s@<>,]+'

export const contactEnvProperties = {
  SMTP_URL: { type: 'string', pattern: '^(smtps?://\\S+)?$', default: '' },
  CONTACT_TO: { type: 'string', pattern: `^(${ADDRESS}(, *${ADDRESS})*)?$`, default: '' },
  MAIL_FROM: { type: 'string', pattern: `^([^<>\\r\\n]*<${ADDRESS}>|${ADDRESS})?$`, default: '' },
  RATE_LIMIT_CONTACT_MAX: { type: 'integer', minimum: 1, maximum: 1000000, default: 10 },
  RATE_LIMIT_CONTACT_WINDOW: { type: 'string', pattern: '^[0-9]+ ?(ms|s|seconds?|m|min|minutes?|h|hours?)?$', default: '1 minute' },
  FORM_SECRET: { type: 'string', pattern: '^(\\S{16,})?$', default: '' },
  CONTACT_MIN_FILL_MS: { type: 'integer', minimum: 0, maximum: 600000, default: 3000 },
  CONTACT_API_KEY: { type: 'string', pattern: '^([A-Za-z0-9._~+/=-]{32,200})?$', default: '' },
  CONTACT_AUTOREPLY_MAX_PER_DAY: { type: 'integer', minimum: 0, maximum: 1000, default: 3 },
  CONTACT_AUTOREPLY_MAX_PER_HOUR: { type: 'integer', minimum: 0, maximum: 100000, default: 20 },
  OUTBOX_LEASE_MS: { type: 'integer', minimum: 1000, maximum: 3600000, default: 120000 },
} as const

/** The contact settings from validated environment values. */
export function readContactConfig(v: Record<string, any>): ContactConfig {
  return {
    smtpUrl: v.SMTP_URL,
    to: v.CONTACT_TO,
    from: v.MAIL_FROM,
    rateLimitMax: v.RATE_LIMIT_CONTACT_MAX,
    rateLimitWindowMs: parseDuration(v.RATE_LIMIT_CONTACT_WINDOW),
    formSecret: v.FORM_SECRET,
    minFillMs: v.CONTACT_MIN_FILL_MS,
    apiKey: v.CONTACT_API_KEY,
    autoReplyMaxPerDay: v.CONTACT_AUTOREPLY_MAX_PER_DAY,
    autoReplyMaxPerHour: v.CONTACT_AUTOREPLY_MAX_PER_HOUR,
    outboxLeaseMs: v.OUTBOX_LEASE_MS,
  }
}

/** Settings that are valid one by one but not together (one line each, as config errors are). */
export function contactConfigProblems(c: ContactConfig): string[] {
  const problems: string[] = []
  if (c.smtpUrl && !c.to) problems.push('CONTACT_TO: required when SMTP_URL is set (the staff address for inquiries)')
  if (c.smtpUrl && !c.from) problems.push('MAIL_FROM: required when SMTP_URL is set (the sender of staff mail and auto-replies)')
  if (c.rateLimitWindowMs < 1000) problems.push('RATE_LIMIT_CONTACT_WINDOW: must be at least 1 second')
  return problems
}
