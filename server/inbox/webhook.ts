import { createHmac } from 'node:crypto'
import { CONTROL_RUNS } from '../../shared/validation'
import type { WebhookConfig } from './config'

/**
 * Posting the webhook of a new inquiry (the outbox calls this for its 'webhook' rows). Any answer
 * but 2xx, no answer within the timeout, or no connection is a failure, retried by the outbox like a
 * mail. Redirects are not followed (a 3xx is a failure): the body and its signature go only where
 * the setting says.
 *
 * The signature (always for the json format, for the chat formats when a secret is set):
 *   X-Webhook-Timestamp: the Unix time in seconds when it was sent
 *   X-Signature-256: sha256=<hex HMAC-SHA256, keyed with INQUIRY_WEBHOOK_SECRET, of "<timestamp>.<raw body>">
 *   X-Webhook-Id: the delivery's number, the same on every retry of it (delivery is at least once)
 * The receiver recomputes the HMAC over the raw bytes it received, compares in constant time, and
 * refuses a timestamp more than five minutes away from its clock (a replayed request).
 */
export const WEBHOOK_TIMEOUT_MS = 10_000
/** How much of a refusing answer's body is kept in the error (Slack says why in a word: invalid_payload, no_service). */
const ANSWER_CHARS = 200

export function webhookSignature(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
}

export function webhookHeaders(config: WebhookConfig, body: string, delivery: number, nowMs: number): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', 'user-agent': 'corporate-site-webhook/1', 'x-webhook-id': String(delivery) }
  if (!config.secret) return headers
  const timestamp = Math.floor(nowMs / 1000)
  return { ...headers, 'x-webhook-timestamp': String(timestamp), 'x-signature-256': webhookSignature(config.secret, timestamp, body) }
}

/**
 * An error about the webhook as it may be logged and stored: never the URL (a chat's webhook URL is
 * its password) nor the secret; one line. (The outbox masks e-mail addresses in every error.)
 */
export function maskWebhookError(text: string, config: WebhookConfig): string {
  let out = text
  const secrets = [config.url, config.secret]
  try {
    const url = new URL(config.url)
    secrets.push(url.href, url.pathname + url.search, url.password, url.username)
  } catch {
    // not a URL: the whole text was masked above
  }
  for (const s of secrets.filter((s) => s.length > 1).sort((a, b) => b.length - a.length)) out = out.split(s).join('[secret]')
  return out.replace(CONTROL_RUNS, ' ').trim()
}

/** The first `chars` characters of a body, reading no more of it than that needs. */
async function answerStart(res: Response, chars: number): Promise<string> {
  if (!res.body) return ''
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  let text = ''
  try {
    while (text.length < chars) {
      const { done, value } = await reader.read()
      if (done) break
      text += decoder.decode(value, { stream: true })
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
  return text.slice(0, chars)
}

/** Posts `body`; resolves on a 2xx answer, rejects with a masked one-line reason otherwise. */
export async function postWebhook(config: WebhookConfig, body: string, delivery: number, { timeoutMs = WEBHOOK_TIMEOUT_MS, now = Date.now }: { timeoutMs?: number; now?: () => number } = {}): Promise<void> {
  const signal = AbortSignal.timeout(timeoutMs)
  let res: Response
  try {
    res = await fetch(config.url, { method: 'POST', headers: webhookHeaders(config, body, delivery, now()), body, redirect: 'manual', signal })
  } catch (err) {
    throw new Error(maskWebhookError(describe(err, timeoutMs), config))
  }
  if (res.status >= 200 && res.status < 300) {
    await res.body?.cancel().catch(() => undefined)
    return
  }
  const answer = await answerStart(res, ANSWER_CHARS).catch(() => '')
  throw new Error(maskWebhookError(`webhook answered ${res.status}${answer.trim() ? `: ${answer}` : ''}`, config))
}

function describe(err: unknown, timeoutMs: number): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `webhook not answered within ${timeoutMs / 1000} s`
  const cause = e.cause?.code ?? e.cause?.message
  return `webhook not reached: ${cause ?? e.message ?? String(err)}`
}
