import { inertField } from '../../shared/admin/inert-text'
import { staffHref } from '../../shared/admin/paths'
import type { Locale } from '../../shared/i18n/locales'
import { DEFAULT_TIME_ZONE, formatDay } from '../../shared/validation'
import { translator } from '../i18n/mail'
import { inboxQueryString } from './filter'
import type { InboxRow } from './types'

/** Most inquiries listed per section; the rest are counted, with a link to the inbox filtered to them. */
export const DIGEST_SECTION_MAX = 30
/** How much of a visitor's name a digest shows. */
const NAME_CHARS = 80

export interface DigestInput {
  locale: Locale
  /** The Japan-time day it is for (YYYY-MM-DD). */
  day: string
  /** The recipient's account. */
  account: { id: string; name: string }
  assigned: InboxRow[]
  stale: InboxRow[]
  staleDays: number
  /** Inquiries received before this instant (ISO) count as stale: the inbox link's `to` day is the day before. */
  staleBefore: string
  digestHour: number
  /** SITE_URL ('' : the links are paths). */
  siteUrl: string
}

/**
 * Visitor text as a digest shows it, as the inbox pages show it (inertField): one line, every control,
 * line break, bidirectional control and invisible character shown as an escape ('\n', '\u202E'); short.
 */
export function inertLine(text: string, max = NAME_CHARS): string {
  const shown = inertField(text)
  return shown.length > max ? `${shown.slice(0, max)}…` : shown
}

/** The day before an ISO instant's Japan-time day, as YYYY-MM-DD (the inbox filter's inclusive `to`). */
function dayBefore(iso: string): string {
  const japan = new Date(Date.parse(iso) + 9 * 3_600_000 - 86_400_000)
  return japan.toISOString().slice(0, 10)
}

/**
 * The digest mail's subject and plain text in the recipient's language: for each inquiry its
 * reference, received time (Japan time), type, status, assignee, the visitor's name (inert) and a link
 * to it. No message, no address, no phone: the link opens the rest, signed in.
 */
export function digestText(input: DigestInput): { subject: string; text: string } {
  const { locale, siteUrl } = input
  const t = translator(locale)
  const time = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: DEFAULT_TIME_ZONE })
  const link = (path: string) => siteUrl + path
  const day = formatDay(input.day, locale)

  const item = (row: InboxRow): string[] => {
    const type = t(`units.contact.types.${row.inquiryType}`, undefined, row.inquiryType)
    const status = t(`mail.digest.statuses.${row.status}`, undefined, row.status)
    return [
      `- ${inertLine(row.id, 40)}  ${t('mail.receivedAt', { time: time.format(new Date(row.receivedAt)) })}  ${inertLine(type)}  ${status}`,
      `  ${t('mail.digest.name')}: ${inertLine(row.name)}`,
      `  ${t('mail.digest.assignee')}: ${row.assigneeName === null ? t('mail.digest.unassigned') : inertLine(row.assigneeName)}`,
      `  ${link(staffHref('inquiry', { id: row.id }))}`,
    ]
  }
  const section = (heading: string, rows: InboxRow[], more: string): string[] => {
    if (rows.length === 0) return []
    const shown = rows.slice(0, DIGEST_SECTION_MAX).flatMap(item)
    const rest = rows.length - DIGEST_SECTION_MAX
    return [heading, '', ...shown, ...(rest > 0 ? [t('mail.digest.more', { count: rest, url: more })] : []), '']
  }

  const list = link(staffHref('inquiries'))
  const assignedMore = list + inboxQueryString({ filter: { assignee: input.account.id }, days: {} })
  const staleMore = list + inboxQueryString({ filter: { statuses: ['new'] }, days: { to: dayBefore(input.staleBefore) } })
  const lines = [
    t('mail.digest.greeting', { name: inertLine(input.account.name) }),
    '',
    t('mail.digest.intro', { day }),
    '',
    ...section(t('mail.digest.assigned', { count: input.assigned.length }), input.assigned, assignedMore),
    ...section(t('mail.digest.stale', { count: input.stale.length, days: input.staleDays }), input.stale, staleMore),
    '--',
    t('mail.digest.footer', { hour: input.digestHour, url: list }),
  ]
  return {
    subject: t('mail.digest.subject', { day, assigned: input.assigned.length, stale: input.stale.length }),
    text: `${lines.join('\n')}\n`,
  }
}
