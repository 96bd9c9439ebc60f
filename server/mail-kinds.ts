/**
 * THE list of the outbox's kinds, one line per area: each area composes and delivers its own kinds in
 * its mail-kinds.ts; the worker (server/outbox/worker.ts) is handed this list and sends no kind
 * missing from it. A new area with a kind of mail or webhook adds one line.
 */
import type { SiteInfo } from '../shared/content'
import type { Locale } from '../shared/i18n/locales'
import type { Config } from './config'
import { contactMailKinds } from './contact/mail-kinds'
import type { InquiryStore } from './contact/store'
import { inboxMailKinds } from './inbox/mail-kinds'
import type { KindRegistration } from './outbox/types'

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
