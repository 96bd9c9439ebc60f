/** The inbox service's words: what it is built from, and the outcomes its methods answer besides done. */
import type { Locale } from '../../shared/i18n/locales'
import type { SiteInfo } from '../../shared/content'
import type { StaffStore } from '../staff/types'
import type { InboxStore } from './types'

export interface InboxServiceDeps {
  store: InboxStore
  staff: Pick<StaffStore, 'listAccounts' | 'findAccount' | 'audit'>
  /** The staff area's clock: every time written. */
  now: () => number
  /** Wakes the outbox (a reply or a retry is sent now, not at the next poll); nothing without mail. */
  kick: () => void
  /** The site's texts in a language (a reply's Reply-To is the company's address, content/site.yml `email`). */
  site: (locale: Locale) => Pick<SiteInfo, 'email'>
}

/** The inquiry is unknown (or its id is none an inquiry could have). */
export type NotFound = { kind: 'not-found' }
/** The inquiry was erased: read-only, nothing more may be done with it. */
export type Gone = { kind: 'gone' }
/** The actor may not do this (refused, and audited where the rule says so). */
export type Forbidden = { kind: 'forbidden' }
/** An input the rules refuse before anything is read or written, and which. */
export type Invalid<F extends string> = { kind: 'invalid'; field: F }
