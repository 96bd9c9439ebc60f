/**
 * The inbox's kinds of the outbox: a staff member's reply and a responder's daily digest (mail, their
 * text in the row's payload, written when queued), and the webhook of a new inquiry (an HTTP POST,
 * its body built when sent from the inquiry: webhook-body.ts, webhook.ts).
 */
import { CONTROL_RUNS } from '../../shared/validation'
import type { Config } from '../config'
import { inquiryOf } from '../contact/types'
import type { InquiryStore } from '../contact/types'
import type { ClaimedOutboxMail, KindRegistration, MailMessage } from '../outbox/types'
import { postWebhook } from './webhook'
import { webhookBody } from './webhook-body'

export interface InboxKindDeps {
  /** SITE_URL (the webhook's links) and INQUIRY_WEBHOOK_* (none: a 'webhook' row fails, and is retried, until one is set). */
  config: Pick<Config, 'siteUrl' | 'inbox'>
  store: Pick<InquiryStore, 'find'>
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
function replyMail(mail: ClaimedOutboxMail): MailMessage {
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

/** A responder's daily digest (its text composed when queued: digest-text.ts), to the account's address. */
function digestMail(mail: ClaimedOutboxMail): MailMessage {
  const p = payloadOf<DigestPayload>(mail, ['to', 'subject', 'text'])
  return { to: p.to, subject: subjectLine(p.subject), text: p.text, headers: { 'Auto-Submitted': 'auto-generated', 'X-Auto-Response-Suppress': 'All' } }
}

/** 'reply' and 'digest' (mail composed from their payload) and 'webhook' (posted, signed, to INQUIRY_WEBHOOK_URL). */
export function inboxMailKinds({ config, store }: InboxKindDeps): KindRegistration[] {
  return [
    { name: 'reply', delivery: 'mail', compose: async (mail) => replyMail(mail) },
    { name: 'digest', delivery: 'mail', compose: async (mail) => digestMail(mail) },
    {
      name: 'webhook',
      delivery: 'webhook',
      async post(mail, timeoutMs) {
        const inquiry = await inquiryOf(store, mail)
        const webhook = config.inbox.webhook
        if (!webhook) throw new Error('INQUIRY_WEBHOOK_URL is not set')
        await postWebhook(webhook, webhookBody(webhook.format, inquiry, config.siteUrl, mail.seq), mail.seq, { timeoutMs })
      },
    },
  ]
}
