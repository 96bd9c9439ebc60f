/** One inquiry's three forms, each at its own path, handed to the inbox's own code (server/staff/http/inquiry-posts.ts). */
import { changeInquiry, replyToInquiry, retryInquiryMail } from './posts.server'
import type { StaffActionContext } from '../types'

type Ctx = StaffActionContext<Record<string, unknown>>

/** POST /admin/inquiries/:id/change: status, assignee, note, legal hold. */
export const change = ({ req, reply, body, params }: Ctx) => changeInquiry(req, reply, body, params)

/** POST /admin/inquiries/:id/reply: the reply queued once confirmed. */
export const sendReply = ({ req, reply, body, params }: Ctx) => replyToInquiry(req, reply, body, params)

/** POST /admin/inquiries/:id/retry: a mail of the inquiry sent again. */
export const retry = ({ req, reply, body, params }: Ctx) => retryInquiryMail(req, reply, body, params)
