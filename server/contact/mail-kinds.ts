/**
 * The contact area's kinds of the outbox: the staff mail and the auto-reply, queued with each new
 * inquiry and composed when sent, from the inquiry as stored and the site's texts (mail-text.ts).
 */
import type { SiteInfo } from '../../shared/content'
import type { Locale } from '../../shared/i18n/locales'
import type { Config } from '../config'
import type { ClaimedOutboxMail, KindRegistration } from '../outbox/types'
import { composeMail } from './mail-text'
import { inquiryOf, MAIL_KINDS, type InquiryStore } from './types'

export interface ContactKindDeps {
  config: Pick<Config, 'contact'>
  store: Pick<InquiryStore, 'find'>
  /** The site's texts in a language (its name, phone and hours for the auto-reply), as the content has them now. */
  site: (locale: Locale) => SiteInfo
}

/** 'staff' (to CONTACT_TO, Reply-To the visitor) and 'auto-reply' (to the visitor, in their language). */
export function contactMailKinds({ config, store, site }: ContactKindDeps): KindRegistration[] {
  return MAIL_KINDS.map((name) => ({
    name,
    delivery: 'mail',
    compose: async (mail) => composeMail(name, await inquiryOf(store, mail), { staffTo: config.contact.to, site }),
  }))
}
