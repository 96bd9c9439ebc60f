/**
 * The inbox's work as one service, whoever asks: the inquiry page's forms, the JSON API by token, the
 * command line and the daily jobs. Every method takes the actor (server/staff/actor.ts) and plain inputs,
 * never a request, and answers a typed outcome the caller turns into its page, status or exit code. The
 * rules live here (only an admin lifts a legal hold, who may be assigned, an erased inquiry is read-only,
 * a retry only of failed or pending mail, a person's data erased by an admin), and each change and each
 * view of personal data is audited in the store's transaction with it. Built once by the inbox plugin
 * (server/plugins/inbox.ts) from the stores, the clock, the outbox's wake-up and the site's texts.
 */
import { personWork } from './service-person'
import { triageWork } from './service-triage'
import type { InboxServiceDeps } from './service-types'

export type * from './service-types'

export function createInboxService(deps: InboxServiceDeps) {
  return { ...triageWork(deps), ...personWork(deps) }
}

export type InboxService = ReturnType<typeof createInboxService>
