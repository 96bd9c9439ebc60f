/**
 * A change the inbox store refused as a whole (nothing of it, nor its audit entry, was written): the
 * assignee named is no account, or a disabled one; or the status is none of INQUIRY_STATUSES. The
 * caller answers 400 with a sentence of its own (the message is for logs).
 */
export class InboxRefused extends Error {
  constructor(
    readonly reason: 'unknown-assignee' | 'disabled-assignee' | 'unknown-status',
    message: string,
  ) {
    super(message)
    this.name = 'InboxRefused'
  }
}
