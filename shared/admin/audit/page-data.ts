import type { ShownTime } from '../accounts/page-data'

export interface AuditRow {
  time: ShownTime
  /** The account's email, or null (nobody signed in, the command line, an account since removed). */
  who: string | null
  address: string
  action: string
  target: string
  outcome: 'ok' | 'refused' | 'failed'
  /** How many entries the row counts: more than 1 for refusals and failures with no account from one address in one hour. */
  repeats: number
}

/** A filter value the page ignored, with a message (staff.audit.errors.<problem>). */
export type AuditProblem = 'account' | 'action' | 'day' | 'page'

export interface AuditData {
  rows: AuditRow[]
  /** The filters as typed (shown back in the form, even when ignored). */
  filters: { account: string; action: string; day: string }
  problems: AuditProblem[]
  page: number
  /** Links to the neighbouring pages (same filters), or null. */
  newer: string | null
  older: string | null
}
