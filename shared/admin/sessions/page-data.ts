export interface SessionRow {
  /** An opaque name for the session in this list (not its id, not its id's hash). */
  key: string
  device: string
  address: string
  /** Times as the site reads them ('2026-11-26 04:42:41 JST'), written by the server. */
  lastSeen: string
  started: string
  /** The session of this browser. */
  current: boolean
}

export interface SessionsData {
  rows: SessionRow[]
  notice: 'ended' | null
}
