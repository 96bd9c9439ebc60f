import type { ShownTime } from '../accounts/page-data'

export interface SessionRow {
  /** An opaque name for the session in this list (not its id, not its id's hash). */
  key: string
  /** The browser and system by name ('Chrome / Windows'), '' when not recognised. */
  device: string
  /** The whole User-Agent it sent (shortened, without control characters). */
  userAgent: string
  address: string
  /** Times as the site reads them ('2026-11-26 04:42:41 JST'), written by the server. */
  lastSeen: ShownTime
  started: ShownTime
  /** The session of this browser. */
  current: boolean
}

export interface SessionsData {
  rows: SessionRow[]
  notice: 'ended' | null
}
