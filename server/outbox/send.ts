import { CONTROL_RUNS } from '../../shared/validation'
import { composeMail, type MailContext, type MailMessage } from '../contact/mail-text'
import type { InquiryStore } from '../contact/store'
import type { WebhookConfig } from '../inbox/config'
import type { ClaimedOutboxMail } from '../inbox/types'
import { postWebhook, WEBHOOK_TIMEOUT_MS } from '../inbox/webhook'
import { webhookBody } from '../inbox/webhook-body'

/** What the outbox needs of nodemailer (a Transporter, or a fake in tests). */
export interface MailTransport {
  sendMail(message: MailMessage & { from: string; textEncoding?: 'base64' | 'quoted-printable' }): Promise<unknown>
}

export interface SendDeps extends MailContext {
  store: Pick<InquiryStore, 'find'>
  transport: MailTransport
  /** MAIL_FROM: the sender of every mail. */
  from: string
  /** SITE_URL, for the webhook's links. */
  siteUrl: string
  /** INQUIRY_WEBHOOK_*; null: none configured (a 'webhook' row then fails, and is retried, until one is). */
  webhook: WebhookConfig | null
  webhookTimeoutMs?: number
}

/** A subject as one line: control and invisible characters become a space (nodemailer encodes the rest). */
const subjectLine = (text: string) => text.replace(CONTROL_RUNS, ' ').trim().slice(0, 250)

interface ReplyPayload {
  to: string
  replyTo: string
  subject: string
  body: string
}
interface DigestPayload {
  to: string
  subject: string
  text: string
}

/** The row's payload, its string fields checked: a row without them is a failure of that row, never a crash. */
function payloadOf<T>(mail: ClaimedOutboxMail, fields: (keyof T & string)[]): T {
  let value: unknown
  try {
    value = JSON.parse(mail.payload ?? '')
  } catch {
    throw new Error(`${mail.kind} without its payload`)
  }
  const record = value as Record<string, unknown> | null
  for (const field of fields) if (typeof record?.[field] !== 'string') throw new Error(`${mail.kind} payload without ${field}`)
  return record as T
}

/** A staff member's reply: From MAIL_FROM, Reply-To the company's address, the text as written. */
export function replyMail(mail: ClaimedOutboxMail): MailMessage {
  const p = payloadOf<ReplyPayload>(mail, ['to', 'replyTo', 'subject', 'body'])
  const text = p.body.replace(/\r\n?/g, '\n')
  return {
    to: p.to,
    replyTo: p.replyTo,
    subject: subjectLine(p.subject),
    text: text.endsWith('\n') ? text : `${text}\n`,
    headers: mail.inquiryId ? { 'X-Inquiry-Reference': mail.inquiryId } : {},
  }
}

/** A responder's daily digest (its text composed when queued: server/inbox/digest-text.ts). */
export function digestMail(mail: ClaimedOutboxMail): MailMessage {
  const p = payloadOf<DigestPayload>(mail, ['to', 'subject', 'text'])
  return { to: p.to, subject: subjectLine(p.subject), text: p.text, headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' } }
}

async function inquiryOf(mail: ClaimedOutboxMail, deps: SendDeps) {
  const inquiry = mail.inquiryId ? await deps.store.find(mail.inquiryId) : null
  if (!inquiry) throw new Error('inquiry not found')
  return inquiry
}

/**
 * Sends one claimed row of the outbox, whatever its kind; rejects with the reason it failed (the
 * outbox records it, masked, and retries). Staff mail and auto-reply are composed from the inquiry,
 * the webhook's body too (at send time), replies and digests from their payload.
 */
export async function sendOutboxRow(mail: ClaimedOutboxMail, deps: SendDeps): Promise<void> {
  const send = (message: MailMessage) => deps.transport.sendMail({ ...message, from: deps.from, textEncoding: 'base64' })
  switch (mail.kind) {
    case 'staff':
    case 'auto-reply':
      await send(composeMail(mail.kind, await inquiryOf(mail, deps), deps))
      return
    case 'reply':
      await send(replyMail(mail))
      return
    case 'digest':
      await send(digestMail(mail))
      return
    case 'webhook': {
      const inquiry = await inquiryOf(mail, deps)
      if (!deps.webhook) throw new Error('INQUIRY_WEBHOOK_URL is not set')
      const body = webhookBody(deps.webhook.format, inquiry, deps.siteUrl, mail.seq)
      await postWebhook(deps.webhook, body, mail.seq, { timeoutMs: deps.webhookTimeoutMs ?? WEBHOOK_TIMEOUT_MS })
      return
    }
    default:
      throw new Error(`unknown outbox kind ${String(mail.kind)}`)
  }
}
