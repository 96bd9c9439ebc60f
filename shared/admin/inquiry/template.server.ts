import type { Locale } from '../../i18n/locales'
import { DEFAULT_LOCALE } from '../../i18n/locales'
import { createTranslator, type Translate } from '../../i18n/messages'
import { BODY_MAX } from './page-data'
import { CONTROL_RUNS, printable } from '../../validation'
import { siteTime } from '../../../server/site-time'
import type { Inquiry } from '../../../server/contact/types'
import { staffTree } from '../../../server/i18n/staff-catalog'

const translators = new Map<Locale, Translate>()

/** The staff strings in a language (the inquiry's, not the staff member's). */
function translator(locale: Locale): Translate {
  let t = translators.get(locale)
  if (!t) translators.set(locale, (t = createTranslator(locale, staffTree(locale), { fallbackMessages: locale === DEFAULT_LOCALE ? undefined : staffTree(DEFAULT_LOCALE) })))
  return t
}

/** Half-width katakana (with its voiced marks, U+FF61–U+FF9F), as old phones and some IMEs type a name. */
const HALF_WIDTH_KANA = /[\uFF61-\uFF9F]+/g

/**
 * A visitor's name as the reply's greeting holds it: one line, whatever it held (line breaks, bidi
 * overrides, zero-width characters: each run becomes one space), half-width katakana in the full-width
 * form a letter uses (ﾔﾏﾀﾞ → ヤマダ; nothing else is changed), at most 100 characters.
 */
export function greetingName(name: string): string {
  return name
    .replace(CONTROL_RUNS, ' ')
    .replace(HALF_WIDTH_KANA, (run) => run.normalize('NFKC'))
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100)
}

/**
 * The visitor's message as the reply quotes it: each line after '> ', every control or invisible
 * character shown as an escape (printable), and cut (with a line saying so) so that the whole
 * template stays well inside the body's limit however long or strange the message is.
 */
export function quoted(message: string, cutLine: string, budget = Math.floor(BODY_MAX * 0.75)): string[] {
  const lines: string[] = []
  let used = 0
  for (const line of printable(message, true).split('\n')) {
    const next = `> ${line}`.trimEnd()
    if (used + next.length + 1 > budget) {
      const room = budget - used - 3
      if (room > 40) lines.push(`${next.slice(0, room)}…`)
      lines.push(`> ${cutLine}`)
      return lines
    }
    lines.push(next)
    used += next.length + 1
  }
  return lines
}

/**
 * The reply's first draft, in the inquiry's language: a subject quoting the reference, a greeting by
 * name, a line to replace with the answer, the message quoted. The staff member edits it.
 */
export function replyTemplate(inquiry: Inquiry, siteName: string): { subject: string; body: string } {
  const t = translator(inquiry.locale)
  const reference = inquiry.id
  const name = greetingName(inquiry.name)
  const body = [
    name ? t('staff.inquiry.template.greeting', { name }) : t('staff.inquiry.template.greetingNoName'),
    '',
    t('staff.inquiry.template.intro', { site: siteName, reference }),
    '',
    t('staff.inquiry.template.answer'),
    '',
    t('staff.inquiry.template.closing'),
    '',
    siteName,
    '',
    t('staff.inquiry.template.quoteTitle', { reference, time: siteTime(inquiry.receivedAt) }),
    ...quoted(inquiry.message, t('staff.inquiry.template.quoteCut')),
  ]
  return { subject: t('staff.inquiry.template.subject', { site: siteName, reference }), body: body.join('\n') + '\n' }
}
