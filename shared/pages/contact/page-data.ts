/**
 * What the contact pages are rendered from. The server fills it (a fresh form with its
 * token, or the answer to a POST); it travels in the page state, so hydration matches.
 */
import { buildTitle } from '../../head'
import type { Translate } from '../../i18n/messages'
import type { FormErrors } from '../../validation'
import { emptyContactValues, type ContactValues } from './values'
import { PATHS } from '../../paths'

export type ContactStep = 'form' | 'review'

export interface ContactPageData {
  step: ContactStep
  values: ContactValues
  /** Field -> message, already in the page's language. */
  errors: FormErrors
  /** Units key of a form-level message (expired form, too many sends), or null. */
  notice: string | null
  /** The signed one-time submission token (hidden field `_token`). */
  token: string
  /** The site's 'today' (YYYY-MM-DD, Asia/Tokyo) the date limits are computed from. */
  today: string
}

export interface ContactSuccessData {
  /** The inquiry's reference number, when the URL carries a well-formed one. */
  reference: string | null
}

/** Reference numbers: 'Q-', the day received (Asia/Tokyo), six Crockford base-32 characters. */
export const REFERENCE_PATTERN = /^Q-[0-9]{8}-[0-9A-HJKMNP-TV-Z]{6}$/

export function isReference(value: unknown): value is string {
  return typeof value === 'string' && REFERENCE_PATTERN.test(value)
}

export function isContactPageData(value: unknown): value is ContactPageData {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Partial<ContactPageData>
  return (v.step === 'form' || v.step === 'review') && typeof v.token === 'string' && typeof v.values === 'object' && typeof v.today === 'string'
}

export function errorCount(errors: FormErrors): number {
  return Object.keys(errors).length
}

/** The page title of a step ('Error: ' first while errors are listed); server and browser use it. */
export function contactTitle(t: Translate, step: ContactStep, errors: number): string {
  const title = t(step === 'review' ? 'units.contact.review.title' : 'titles.pages.contact.title')
  return errors > 0 ? t('units.contact.errorPrefix') + title : title
}

/**
 * The document title of the contact page at a step: the site's title rule applied to contactTitle,
 * as the server writes it into the page's head (the route's head title on the contact path). The
 * form sets it as the visitor moves between steps or errors are listed.
 */
export function contactDocumentTitle(t: Translate, siteName: string, step: ContactStep, errors: number): string {
  return buildTitle({ siteName, path: PATHS.contact, isIndex: false, title: contactTitle(t, step, errors) })
}

export function freshContactPage(token: string, today: string): ContactPageData {
  return { step: 'form', values: emptyContactValues(), errors: {}, notice: null, token, today }
}
