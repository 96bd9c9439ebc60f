import type { ShownTime } from '../accounts/page-data'

/** A note or a reply of an inquiry as the person page shows it. */
export interface PersonNote {
  at: ShownTime
  author: string | null
  text: string
}

export interface PersonReply extends PersonNote {
  to: string
  subject: string
}

/** A mail of the outbox about the inquiry (the staff mail, the auto-reply, replies, a webhook). */
export interface PersonMail {
  kind: string
  status: string
  attempts: number
  sentAt: ShownTime | null
}

/** Everything held about one inquiry of the person: its fields, triage, notes, replies and mails. */
export interface PersonInquiry {
  id: string
  received: ShownTime
  status: string
  inquiryType: string
  locale: string
  assigneeName: string | null
  legalHold: boolean
  /** When its personal data was erased (then the fields are empty). */
  erasedAt: ShownTime | null
  fields: { name: string; nameKana: string; company: string; email: string; phone: string; preferredDate: string; message: string }
  notes: PersonNote[]
  /** `text`: the reply's body. */
  replies: PersonReply[]
  mails: PersonMail[]
}

export type PersonFieldError = 'email'

/**
 * The person page (a person's request under the APPI): the address to look up (a POST: it never lands
 * in a URL or a log), and what is held about it. Nothing about a person is in the data of a GET.
 */
export interface PersonData {
  /** The address as typed (shown back in the form); '' on a GET. */
  email: string
  error: PersonFieldError | null
  /** The inquiries held about the address (null: nothing looked up yet). */
  found: PersonInquiry[] | null
  /** How many inquiries were just erased (after an erasure), else null. */
  erased: number | null
  /** The confirmation step of an erasure (the page without JavaScript). */
  confirm: boolean
}
