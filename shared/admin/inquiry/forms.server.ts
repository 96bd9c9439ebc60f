import { BODY_MAX, NOTE_MAX, SUBJECT_MAX, type InquiryData, type ReplyForm, type TriageForm } from './page-data'
import { hasControlChars } from '../../validation/control-chars'
import { INQUIRY_STATUSES, type InquiryStatus, type TriageChange } from '../../../server/inbox/types'

const isStatus = (v: unknown): v is InquiryStatus => (INQUIRY_STATUSES as readonly unknown[]).includes(v)
const str = (v: unknown): string => (typeof v === 'string' ? v : '')

/** The inquiry as it stands, for a change to be measured against. */
export interface Current {
  status: InquiryStatus
  assigneeId: string | null
  legalHold: boolean
}

/**
 * The triage form read: status, assignee ('' unassigned), note, legal hold ('on'/'off'; each absent:
 * unchanged, as in the "assign to me" form), and the values the form showed (statusWas, assigneeWas, holdWas '1'/'0'). Only what the staff member changed from what
 * they saw is applied (someone else's change since stays), and only when it differs from now; a note
 * is trimmed, at most NOTE_MAX characters, line breaks and tabs its only controls. Nothing changed and
 * no note: the note field says so.
 */
export function readTriage(body: Record<string, unknown>, current: Current, assignable: ReadonlySet<string>) {
  const was: TriageForm = {
    status: isStatus(body.statusWas) ? body.statusWas : current.status,
    assignee: typeof body.assigneeWas === 'string' ? body.assigneeWas : (current.assigneeId ?? ''),
    note: '',
    legalHold: body.holdWas === '1' ? true : body.holdWas === '0' ? false : current.legalHold,
  }
  const errors: InquiryData['triage']['errors'] = {}
  const status = isStatus(body.status) ? body.status : was.status
  if (body.status !== undefined && !isStatus(body.status)) errors.status = 'status'
  const assignee = typeof body.assignee === 'string' ? body.assignee : was.assignee
  if (assignee !== was.assignee && assignee !== '' && !assignable.has(assignee)) errors.assignee = 'assignee'
  const note = str(body.note).replace(/\r\n?/g, '\n').trim()
  if (note.length > NOTE_MAX) errors.note = 'noteLong'
  else if (hasControlChars(note, true)) errors.note = 'noteControl'
  // The checkbox ('on') is followed by a hidden 'off' (the first value counts): absent, the form had no hold field.
  const legalHold = body.legalHold === 'on' ? true : body.legalHold === 'off' ? false : was.legalHold
  const form: TriageForm = { status, assignee: errors.assignee ? was.assignee : assignee, note: str(body.note).slice(0, NOTE_MAX * 2), legalHold }

  const change: TriageChange = {}
  if (status !== was.status && status !== current.status) change.status = status
  if (assignee !== was.assignee && (assignee || null) !== current.assigneeId) change.assigneeId = assignee || null
  if (legalHold !== was.legalHold && legalHold !== current.legalHold) change.legalHold = legalHold
  if (note) change.note = note
  const touched = status !== was.status || assignee !== was.assignee || legalHold !== was.legalHold || note !== ''
  if (!touched && !errors.note) errors.note = 'noteEmpty'
  return { was, form, errors, change }
}

/**
 * The reply form read: a subject of one line (no CR, LF or other control: nothing a mail header could
 * be split with), trimmed, at most SUBJECT_MAX; a body (CR LF as LF, line breaks and tabs its only
 * controls) at most BODY_MAX; the status to move to ('keep': none).
 */
export function readReply(body: Record<string, unknown>) {
  const typed = str(body.subject)
  const subject = typed.trim()
  const text = str(body.body).replace(/\r\n?/g, '\n')
  const statusField = str(body.status)
  const errors: InquiryData['reply']['errors'] = {}
  if (hasControlChars(typed)) errors.subject = 'subjectLine'
  else if (!subject) errors.subject = 'subjectEmpty'
  else if (subject.length > SUBJECT_MAX) errors.subject = 'subjectLong'
  if (!text.trim()) errors.body = 'bodyEmpty'
  else if (text.length > BODY_MAX) errors.body = 'bodyLong'
  else if (hasControlChars(text, true)) errors.body = 'bodyControl'
  if (statusField !== 'keep' && !isStatus(statusField)) errors.status = 'status'
  const status: InquiryStatus | null = isStatus(statusField) ? statusField : null
  const form: ReplyForm = { subject: typed.slice(0, SUBJECT_MAX * 2), body: text.slice(0, BODY_MAX * 2), status: status ?? 'keep' }
  return { form, errors, reply: { subject, body: text, status } }
}
