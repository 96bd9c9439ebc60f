import { INBOX_ROLES } from '../roles'
import { formAction, staffRoute } from '../define'
import { InquiryPage } from './inquiry-page'
import type { InquiryData } from './page-data'
import { loadInquiryPage } from './loader.server'
import { change, retry, sendReply } from './action.server'

/** A reply holds up to 20,000 characters, up to 9 bytes each once form-encoded (a kanji is 3 bytes, each %XX). */
const REPLY_BODY_LIMIT = 256 * 1024

/**
 * One inquiry (responders and admins): its fields as sent, its mails, its history, triage and the
 * reply. Its forms POST to their own paths: the triage (a legal hold's checkbox sends its hidden "off"
 * too), the reply, a mail's retry. An unknown id is the 404 page.
 */
export const inquiryRoute = staffRoute<InquiryData>({
  id: 'inquiry',
  Component: InquiryPage,
  access: INBOX_ROLES,
  titleKey: 'staff.inquiry.title',
  loader: loadInquiryPage,
  actions: [
    formAction({ at: 'inquiryChange', fields: ['statusWas', 'assigneeWas', 'holdWas', 'status', 'assignee', 'note'], repeated: ['legalHold'], handle: change }),
    formAction({ at: 'inquiryReply', fields: ['subject', 'body', 'status', 'confirmed'], bodyLimit: REPLY_BODY_LIMIT, handle: sendReply }),
    formAction({ at: 'inquiryRetry', fields: ['seq'], handle: retry }),
  ],
})
