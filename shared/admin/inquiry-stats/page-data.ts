/** A week of the statistics: its Monday (Japan time, YYYY-MM-DD) and its inquiries per type. */
export interface StatsWeek {
  start: string
  counts: Record<string, number>
}

export interface InquiryStatsData {
  /** 26 weeks, oldest first. */
  weeks: StatsWeek[]
  /** The inquiry types, in the order of the chart's stacks, the legend and the table's columns. */
  types: string[]
  /** The median time from receipt to the first reply (ms), or null when nothing was replied to. */
  medianFirstReplyMs: number | null
  replied: number
}
