import { DEFAULT_LOCALE } from '../../shared/i18n/locales'
import { staffHref } from '../../shared/admin/paths'
import { DEFAULT_TIME_ZONE, printable } from '../../shared/validation'
import { translator } from '../i18n/mail'
import type { Inquiry } from '../contact/types'
import type { WebhookFormat } from './config'

/**
 * The body of the webhook sent for a new inquiry, built when it is sent. It carries no personal data
 * in any format: the reference, when it came in, its type and language, and links to it (the inbox
 * page, the JSON API). Whoever needs the name, the address or the message opens the link (signed in)
 * or fetches it from the API with a personal access token: a chat channel, its search and its
 * exports are no place for them, nor is a system whose retention the site does not control.
 * The chat texts are in the site's default language, as the staff mail is.
 */
export interface WebhookInquiry extends Pick<Inquiry, 'id' | 'receivedAt' | 'inquiryType' | 'locale'> {}

export const WEBHOOK_EVENT = 'inquiry.received'

/** Slack's mrkdwn escapes: nothing a value holds can become a link, a mention (<!channel>) or markup. */
export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/** Adaptive Card TextBlock markdown: a value's * _ [ ] ( ) ` ~ # > - and \ are shown, never acted on. */
export function markdownEscape(text: string): string {
  return text.replace(/[\\`*_[\]()~#>!|-]/g, '\\$&')
}

/** A value of ours or of a stored row, as one printable line of at most 100 characters. */
const oneLine = (text: string) => printable(text).slice(0, 100)

function facts(inquiry: WebhookInquiry) {
  const t = translator(DEFAULT_LOCALE)
  const time = new Intl.DateTimeFormat(DEFAULT_LOCALE, { dateStyle: 'long', timeStyle: 'short', timeZone: DEFAULT_TIME_ZONE }).format(new Date(inquiry.receivedAt))
  return {
    t,
    reference: oneLine(inquiry.id),
    type: oneLine(t(`units.contact.types.${inquiry.inquiryType}`, undefined, inquiry.inquiryType)),
    language: oneLine(t(`mail.locales.${inquiry.locale}`, undefined, inquiry.locale)),
    received: t('mail.receivedAt', { time }),
  }
}

/** Absolute links to the inquiry's page and its API record ('' without SITE_URL: no links then). */
export function inquiryLinks(siteUrl: string, id: string): { page: string; api: string } {
  if (!siteUrl) return { page: '', api: '' }
  return { page: siteUrl + staffHref('inquiry', { id }), api: siteUrl + staffHref('apiInquiry', { id }) }
}

function slack(inquiry: WebhookInquiry, page: string): object {
  const f = facts(inquiry)
  // A link is <url|label>: the URL escaped as Slack asks, '|' encoded so it cannot end the URL early.
  const reference = page ? `<${slackEscape(page).replace(/\|/g, '%7C')}|${slackEscape(f.reference)}>` : slackEscape(f.reference)
  const text = f.t('mail.webhook.text', { reference, type: slackEscape(f.type), language: slackEscape(f.language) })
  // No unfurling: Slack would fetch the staff page's sign-in form to preview it.
  return { text, unfurl_links: false, unfurl_media: false }
}

function teams(inquiry: WebhookInquiry, page: string): object {
  const f = facts(inquiry)
  const t = f.t
  const text = t('mail.webhook.text', { reference: markdownEscape(f.reference), type: markdownEscape(f.type), language: markdownEscape(f.language) })
  const card = {
    type: 'AdaptiveCard',
    version: '1.4',
    body: [
      { type: 'TextBlock', text, wrap: true, weight: 'Bolder' },
      {
        type: 'FactSet',
        facts: [
          { title: t('mail.labels.reference'), value: markdownEscape(f.reference) },
          { title: t('mail.labels.receivedAt'), value: markdownEscape(f.received) },
          { title: t('units.contact.fields.inquiryType'), value: markdownEscape(f.type) },
          { title: t('mail.labels.locale'), value: markdownEscape(f.language) },
        ],
      },
    ],
    ...(page ? { actions: [{ type: 'Action.OpenUrl', title: t('mail.webhook.open'), url: page }] } : {}),
  }
  // A Teams Workflows ("Post to a channel when a webhook request is received") message with one Adaptive Card.
  return { type: 'message', attachments: [{ contentType: 'application/vnd.microsoft.card.adaptive', contentUrl: null, content: card }] }
}

/** The JSON text posted for an inquiry in `format`; `delivery` names this webhook (the same on a retry). */
export function webhookBody(format: WebhookFormat, inquiry: WebhookInquiry, siteUrl: string, delivery: number): string {
  const links = inquiryLinks(siteUrl, inquiry.id)
  if (format === 'slack') return JSON.stringify(slack(inquiry, links.page))
  if (format === 'teams') return JSON.stringify(teams(inquiry, links.page))
  return JSON.stringify({
    event: WEBHOOK_EVENT,
    delivery,
    id: inquiry.id,
    receivedAt: inquiry.receivedAt,
    type: inquiry.inquiryType,
    locale: inquiry.locale,
    url: links.page,
    api: links.api,
  })
}
