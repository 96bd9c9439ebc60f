import { isLoopback } from '../config-formats'

/**
 * The inbox jobs' part of the environment (read by server/config.ts, the only reader of process.env):
 * how long a closed inquiry's personal data is kept, the daily digest, the webhook per new inquiry.
 */
export interface InboxConfig {
  /** Days after an inquiry is done or spam before its personal data is erased; null: never (INQUIRY_RETENTION_DAYS=off). */
  retentionDays: number | null
  /** The hour (0-23, Japan time) of the daily digest; null: no digest (INBOX_DIGEST_HOUR=off). */
  digestHour: number | null
  /** The digest lists inquiries left 'new' longer than this many days. */
  digestStaleDays: number
  /** The webhook per new inquiry; null: none. */
  webhook: WebhookConfig | null
}

export const WEBHOOK_FORMATS = ['slack', 'teams', 'json'] as const
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number]

export interface WebhookConfig {
  url: string
  format: WebhookFormat
  /** HMAC-SHA256 key of the signature headers ('' for none: only a chat format may go unsigned). */
  secret: string
}

export const inboxEnvProperties = {
  INQUIRY_RETENTION_DAYS: { type: 'string', pattern: '^([0-9]{1,6}|off)$', default: '365' },
  INBOX_DIGEST_HOUR: { type: 'string', pattern: '^([01]?[0-9]|2[0-3]|off)$', default: '9' },
  INBOX_DIGEST_STALE_DAYS: { type: 'integer', minimum: 1, maximum: 365, default: 2 },
  INQUIRY_WEBHOOK_URL: { type: 'string', pattern: '^(https?://\\S+)?$', default: '' },
  INQUIRY_WEBHOOK_FORMAT: { type: 'string', enum: WEBHOOK_FORMATS, default: 'json' },
  INQUIRY_WEBHOOK_SECRET: { type: 'string', pattern: '^(\\S{16,})?$', default: '' },
} as const

/** The inbox settings from validated environment values. */
export function readInboxConfig(v: Record<string, any>): InboxConfig {
  return {
    retentionDays: v.INQUIRY_RETENTION_DAYS === 'off' ? null : Number(v.INQUIRY_RETENTION_DAYS),
    digestHour: v.INBOX_DIGEST_HOUR === 'off' ? null : Number(v.INBOX_DIGEST_HOUR),
    digestStaleDays: v.INBOX_DIGEST_STALE_DAYS,
    webhook: v.INQUIRY_WEBHOOK_URL ? { url: v.INQUIRY_WEBHOOK_URL, format: v.INQUIRY_WEBHOOK_FORMAT, secret: v.INQUIRY_WEBHOOK_SECRET } : null,
  }
}

/** Whether a webhook URL may be used: https anywhere, plain http only to this machine. */
export function webhookUrlProblem(text: string): string | null {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return 'not a URL'
  }
  const host = url.hostname.replace(/^\[|\]$/g, '')
  if (url.protocol === 'https:') return null
  if (url.protocol === 'http:' && isLoopback(host)) return null
  return 'http:// is allowed only to this machine (localhost, 127.0.0.1, ::1): the body and its signature would cross the network in clear; use https://'
}

/** Settings that are valid one by one but not in range or not together (one line each). */
export function inboxConfigProblems(c: InboxConfig, smtpUrl: string): string[] {
  const problems: string[] = []
  if (c.retentionDays !== null && (c.retentionDays < 1 || c.retentionDays > 3660)) {
    problems.push('INQUIRY_RETENTION_DAYS: must be between 1 and 3660 days, or off (default 365)')
  }
  const hook = c.webhook
  if (hook) {
    const problem = webhookUrlProblem(hook.url)
    // The URL itself is never echoed: a chat's webhook URL is its password.
    if (problem) problems.push(`INQUIRY_WEBHOOK_URL: ${problem}`)
    if (hook.format === 'json' && !hook.secret) {
      problems.push('INQUIRY_WEBHOOK_SECRET: required when INQUIRY_WEBHOOK_FORMAT is json (the default): the receiver checks the signature with it (e.g. openssl rand -hex 32); for a chat, set INQUIRY_WEBHOOK_FORMAT=slack or teams')
    }
    if (!smtpUrl) problems.push('INQUIRY_WEBHOOK_URL: needs SMTP_URL: the outbox that posts the webhook is the one that sends the mail, and it runs only with SMTP_URL set')
  }
  return problems
}
