/**
 * The contact area's kinds of the outbox: the staff mail and the auto-reply, queued with each new
 * inquiry and composed when sent, from the inquiry as stored and the site's texts (mail-text.ts).
 */
import type { SiteInfo } from '../../shared/content'
import type { Locale } from '../../shared/i18n/locales'
import type { Config } from '../config'
import type { ClaimedOutboxMail, KindRegistration } from '../outbox/types'
import { composeMail } from './mail-text'
import { MAIL_KINDS, type InquiryStore } from './store'

export interface ContactKindDeps {
  config: Pick<Config, 'contact'>
  store: Pick<InquiryStore, 'find'>
  /** The site's texts in a language (its name, phone and hours for the auto-reply), as the content has them now. */
  site: (locale: Locale) => SiteInfo
}

/** The inquiry of a claimed row; rejects when the row has none or it is gone (a failed attempt, retried). */
export async function inquiryOf(store: Pick<InquiryStore, 'find'>, mail: ClaimedOutboxMail) {
  const inquiry = mail.inquiryId ? await store.find(mail.inquiryId) : null
  if (!inquiry) throw new Error('inquiry not found')
  return inquiry
}

/** 'staff' (to CONTACT_TO, Reply-To the visitor) and 'auto-reply' (to the visitor, in their language). */
export function contactMailKinds({ config, store, site }: ContactKindDeps): KindRegistration[] {
  return MAIL_KINDS.map((name) => ({
    name,
    delivery: 'mail',
    compose: async (mail) => composeMail(name, await inquiryOf(store, mail), { staffTo: config.contact.to, site }),
  }))
}
