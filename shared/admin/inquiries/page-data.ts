import type { ShownTime } from '../accounts/page-data'

/** A mail's state as the list shows it ('none': not queued, e.g. an auto-reply held back by its limit). */
export type ListedMailState = 'sent' | 'pending' | 'failed' | 'cancelled' | 'none'

/** One inquiry of the list: visitor text already made inert and clipped (a long value cannot stretch the page). */
export interface InquiryListRow {
  id: string
  href: string
  received: ShownTime
  name: string
  nameKana: string
  company: string
  /** An inquiry type (units.contact.types.<type>). */
  type: string
  /** The language's own name. */
  language: string
  status: string
  assignee: string | null
  erased: boolean
  legalHold: boolean
  mail: { staff: ListedMailState; autoReply: ListedMailState }
}

/** The filter as the form shows it (the values that were valid). */
export interface InquiryFilterForm {
  statuses: string[]
  assignee: string
  type: string
  lang: string
  from: string
  to: string
  q: string
}

export interface InquiryFilterOptions {
  statuses: string[]
  types: string[]
  languages: { code: string; name: string }[]
  /** Accounts that may be assigned (responders and admins), by display name. */
  assignees: { id: string; name: string; disabled: boolean }[]
}

/** A filter parameter that is not valid: the page answers 400 naming it (staff.inquiries.errors.<name>). */
export type InquiryFilterProblem = 'status' | 'assignee' | 'type' | 'lang' | 'from' | 'to' | 'q' | 'page'

export interface InquiriesData {
  problems: InquiryFilterProblem[]
  form: InquiryFilterForm
  options: InquiryFilterOptions
  /** Whether any filter is on (the empty message says so). */
  filtered: boolean
  /** Nothing found for a search holding kanji: the empty message suggests the reading in kana (furigana). */
  suggestKana: boolean
  rows: InquiryListRow[]
  /** How many match (every page). */
  total: number
  page: number
  pages: number
  /** The neighbouring pages' links (same filter), or null. */
  prev: string | null
  next: string | null
  /** The first page's link with the same filter (a page past the last). */
  first: string
  /** The export form's hidden fields: the current filter (status as one comma-separated value). */
  exportFields: [string, string][]
}
