import type { CONTACT_FIELDS } from './fields'

/**
 * An inquiry as the form holds it: text fields are strings ('' when left blank). Apart from the field
 * rules (./fields), so that the contact route's data, which every page carries, does not carry the rules.
 */
export type ContactValues = Record<Exclude<(typeof CONTACT_FIELDS)[number], 'privacyConsent'>, string> & { privacyConsent: boolean }

export function emptyContactValues(): ContactValues {
  return { name: '', nameKana: '', company: '', email: '', emailConfirm: '', phone: '', inquiryType: '', preferredDate: '', message: '', privacyConsent: false }
}
