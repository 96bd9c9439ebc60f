/**
 * THE list of the outbox's kinds, one line per area: each area composes and delivers its own kinds in
 * its mail-kinds.ts; the worker (server/outbox/worker.ts) is handed this list and sends no kind
 * missing from it. A new area with a kind of mail or webhook adds one line. And the outbox's rows
 * with what an area records of a mail's outcome (the outbox itself knows no area).
 */
import type { SiteInfo } from '../shared/content'
import type { Locale } from '../shared/i18n/locales'
import type { Config } from './config'
import { contactMailKinds } from './contact/mail-kinds'
import type { InquiryStore } from './contact/types'
import type { Runner } from './db/sql'
import { inboxMailKinds } from './inbox/mail-kinds'
import { mailOutcome } from './inbox/write'
import { createOutboxStore } from './outbox/store'
import type { KindRegistration, OutboxStore } from './outbox/types'

/** What every area's kinds may be built from: the settings, the inquiries, the site's texts as the content has them now. */
export interface MailKindDeps {
  config: Config
  store: Pick<InquiryStore, 'find'>
  site: (locale: Locale) => SiteInfo
}

/** Every area's registrations, for the worker. */
export function mailKinds(deps: MailKindDeps): KindRegistration[] {
  return [
    ...contactMailKinds(deps), // 'staff', 'auto-reply'
    ...inboxMailKinds(deps), // 'reply', 'digest', 'webhook'
  ]
}

/** The outbox's rows on the site's database: an inquiry's mail sent or given up on gets its 'mail' event (the inbox's). */
export const siteOutboxStore = (runner: Runner): OutboxStore => createOutboxStore(runner, { onOutcome: mailOutcome })
