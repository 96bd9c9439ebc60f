/**
 * The inbox's statuses and outbox kinds: one list for the store (server/inbox/types.ts re-exports them),
 * the JSON API's schema and the staff pages.
 */

/** new → in-progress → waiting (for the customer) → done; spam also stops the inquiry's pending mail. */
export const INQUIRY_STATUSES = ['new', 'in-progress', 'waiting', 'done', 'spam'] as const
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number]

/**
 * What the outbox sends. 'staff' and 'auto-reply' are written with the inquiry, as before; 'reply' is
 * a staff member's answer (its text in the row's payload); 'digest' is a responder's daily digest (no
 * inquiry; its text in the payload); 'webhook' is the optional notice of a new inquiry to a chat or
 * another system (its JSON body built when sent, from the inquiry).
 */
export const OUTBOX_KINDS = ['staff', 'auto-reply', 'reply', 'digest', 'webhook'] as const
export type OutboxKind = (typeof OUTBOX_KINDS)[number]
/** 'cancelled': pending mail of an inquiry marked spam, or of an erased one (its payload gone). */
export type OutboxStatus = 'pending' | 'sent' | 'failed' | 'cancelled'
