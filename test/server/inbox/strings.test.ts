// The inbox export's, person page's and API's strings built from a value (a column, a status, a mail's
// kind or state, an error code) exist in every language: no page, file or answer shows a bare key.
import t from 'tap'
import { LOCALE_CODES } from '../../../shared/i18n/locales'
import { lookupMessage } from '../../../shared/i18n/messages'
import { INQUIRY_STATUSES, OUTBOX_KINDS, type OutboxStatus } from '../../../server/inbox/types'
import { INQUIRY_TYPES } from '../../../shared/pages/contact/fields'
import { staffTree } from '../../../server/i18n/staff-catalog'
import { EXPORT_COLUMNS } from '../../../shared/admin/inquiries/export-file.server'
import { API_ERRORS } from '../../../server/staff/http/inbox-api-shape'

const STATES: OutboxStatus[] = ['pending', 'sent', 'failed', 'cancelled']

t.test('every key built from a value exists in every language', async (t) => {
  const keys = [
    ...EXPORT_COLUMNS.map((c) => `staff.inquiries.export.columns.${c}`),
    ...INQUIRY_STATUSES.map((s) => `staff.inquiries.statuses.${s}`),
    ...OUTBOX_KINDS.map((k) => `staff.inquiries.person.mailKinds.${k}`),
    ...STATES.map((s) => `staff.inquiries.mailStates.${s}`),
    ...API_ERRORS.map((e) => `staff.inquiries.api.errors.${e}`),
    ...INQUIRY_TYPES.map((type) => `units.contact.types.${type}`),
    'staff.inquiries.person.errors.email',
  ]
  t.equal(keys.length, 15 + 5 + 5 + 4 + 15 + 5 + 1)
  for (const code of LOCALE_CODES) {
    const missing = keys.filter((key) => lookupMessage(staffTree(code), key) === undefined)
    t.same(missing, [], `${code}: none missing`)
  }
})
