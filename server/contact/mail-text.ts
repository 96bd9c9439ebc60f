import type { SiteInfo } from '../../shared/content'
import { DEFAULT_LOCALE, type Locale } from '../../shared/i18n/locales'
import { CONTROL_RUNS, formatDay, printable } from '../../shared/validation'
import { translator } from '../i18n/mail'
import type { MailMessage } from '../outbox/types'
import type { Inquiry, MailKind } from './types'

/** What goes into a mail header from a visitor: one line, no control characters, bounded. */
export function headerText(text: string): string {
  return text.replace(CONTROL_RUNS, ' ').trim().slice(0, 100)
}

/**
 * The inquiry as 'label: value' lines in `locale` (the message last, on lines of its own).
 * `full: false` leaves out everything the visitor typed freely (the auto-reply's form).
 * Each value is one line (printable(): a line break in a name shows as '\n' and cannot add a
 * line such as a fake 'Email:'), and the message keeps its line breaks but no other control.
 */
function summary(inquiry: Inquiry, locale: Locale, full = true): string {
  const t = translator(locale)
  const empty = t('units.contact.review.empty')
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: 'Asia/Tokyo' }).format(new Date(inquiry.receivedAt))
  const field = (name: string) => t(`units.contact.fields.${name}`)
  const line = (name: string, value: string) => `${field(name)}: ${printable(value)}`
  const typeAndDate = [
    line('inquiryType', t(`units.contact.types.${inquiry.inquiryType}`, undefined, inquiry.inquiryType)),
    line('preferredDate', inquiry.preferredDate ? formatDay(inquiry.preferredDate, locale) : empty),
  ]
  const head = [`${t('mail.labels.reference')}: ${inquiry.id}`, `${t('mail.labels.receivedAt')}: ${t('mail.receivedAt', { time })}`]
  if (!full) return [...head, ...typeAndDate].join('\n')
  const lines = [
    ...head,
    `${t('mail.labels.locale')}: ${t(`mail.locales.${inquiry.locale}`)}`,
    line('name', inquiry.name),
    ...(inquiry.nameKana ? [line('nameKana', inquiry.nameKana)] : []),
    line('company', inquiry.company || empty),
    line('email', inquiry.email),
    line('phone', inquiry.phone || empty),
    ...typeAndDate,
    `${field('message')}:`,
    printable(inquiry.message, true),
  ]
  return lines.join('\n')
}

export interface MailContext {
  staffTo: string
  site: (locale: Locale) => SiteInfo
}

/**
 * The staff mail (Japanese, Reply-To the visitor) or the auto-reply (the visitor's language).
 * Visitor text reaches headers only as an address's display name, made one line here and
 * encoded by nodemailer; subjects hold only our own words and the reference.
 */
export function composeMail(kind: MailKind, inquiry: Inquiry, ctx: MailContext): MailMessage {
  const visitor = { name: headerText(inquiry.name), address: inquiry.email }
  if (kind === 'staff') {
    const t = translator(DEFAULT_LOCALE)
    const type = t(`units.contact.types.${inquiry.inquiryType}`, undefined, inquiry.inquiryType)
    return {
      to: ctx.staffTo,
      replyTo: visitor,
      subject: t('mail.staff.subject', { reference: inquiry.id, type }),
      text: [t('mail.staff.intro'), '', summary(inquiry, DEFAULT_LOCALE), '', '--', t('mail.staff.replyHint')].join('\n') + '\n',
      headers: { 'X-Inquiry-Reference': inquiry.id },
    }
  }
  const locale = inquiry.locale
  const t = translator(locale)
  const site = ctx.site(locale)
  // The auto-reply goes to any address a visitor types: it carries none of the visitor's free text
  // (no name, company, phone or message), so the form cannot be used to send someone else a message.
  return {
    to: inquiry.email,
    subject: t('mail.autoReply.subject', { site: site.name, reference: inquiry.id }),
    text:
      [
        t('mail.autoReply.greeting'),
        '',
        t('mail.autoReply.body', { site: site.name }),
        '',
        `--- ${t('mail.autoReply.copyTitle')} ---`,
        summary(inquiry, locale, false),
        '---',
        '',
        t('mail.autoReply.phone', { tel: site.phone, hours: site.hours }),
        '',
        t('mail.autoReply.automatic'),
        '',
        site.name,
      ].join('\n') + '\n',
    headers: { 'Auto-Submitted': 'auto-replied', 'X-Auto-Response-Suppress': 'All', 'X-Inquiry-Reference': inquiry.id },
  }
}
