/**
 * The inbox's work as one service, whoever asks: the inquiry page's forms, the JSON API by token, the
 * command line and the daily jobs. Every method takes the actor (server/staff/actor.ts) and plain inputs,
 * never a request, and answers a typed outcome the caller turns into its page, status or exit code. The
 * rules live here (only an admin lifts a legal hold, who may be assigned, an erased inquiry is read-only,
 * a retry only of failed or pending mail, a person's data erased by an admin), and each change and each
 * view of personal data is audited in the store's transaction with it. Built once by the inbox plugin
 * (server/plugins/inbox.ts) from the stores, the clock, the outbox's wake-up and the site's texts.
 */
import type { Locale } from '../../shared/i18n/locales'
import type { SiteInfo } from '../../shared/content'
import type { StaffStore } from '../staff/types'
import { personWork } from './service-person'
import { triageWork } from './service-triage'
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

export function createInboxService(deps: InboxServiceDeps) {
  return { ...triageWork(deps), ...personWork(deps) }
}

export type InboxService = ReturnType<typeof createInboxService>
