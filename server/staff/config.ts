import { DURATION, parseDuration } from '../config-formats'

/**
 * The staff area's part of the environment (read by server/config.ts, the only reader of
 * process.env): whether /admin is served, how long a session lasts, how long the audit log is kept.
 */
export interface StaffConfig {
  /** Serve the staff area under /admin; false: /admin answers 404. */
  area: boolean
  /** A session unused this long is over (OWASP ASVS: an inactivity timeout). */
  sessionIdleMs: number
  /** A session is over this long after its sign-in, however busy (an absolute timeout). */
  sessionMaxMs: number
  /** Audit entries older than this are deleted (retention). */
  auditRetentionMs: number
}

export const staffEnvProperties = {
  STAFF_AREA: { type: 'string', enum: ['true', 'false'], default: 'true' },
  STAFF_SESSION_IDLE: { type: 'string', pattern: DURATION, default: '30m' },
  STAFF_SESSION_MAX: { type: 'string', pattern: DURATION, default: '12h' },
  STAFF_AUDIT_RETENTION: { type: 'string', pattern: DURATION, default: '400d' },
} as const

/** The staff settings from validated environment values. */
export function readStaffConfig(v: Record<string, any>): StaffConfig {
  return {
    area: v.STAFF_AREA === 'true',
    sessionIdleMs: parseDuration(v.STAFF_SESSION_IDLE),
    sessionMaxMs: parseDuration(v.STAFF_SESSION_MAX),
    auditRetentionMs: parseDuration(v.STAFF_AUDIT_RETENTION),
  }
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** Settings that are valid one by one but not in range or not together (one line each). */
export function staffConfigProblems(c: StaffConfig): string[] {
  const problems: string[] = []
  if (c.sessionIdleMs < MINUTE || c.sessionIdleMs > DAY) problems.push('STAFF_SESSION_IDLE: must be between 1 minute and 24 hours (default 30m)')
  if (c.sessionMaxMs < 5 * MINUTE || c.sessionMaxMs > 30 * DAY) problems.push('STAFF_SESSION_MAX: must be between 5 minutes and 30 days (default 12h)')
  else if (c.sessionMaxMs < c.sessionIdleMs) problems.push('STAFF_SESSION_MAX: must not be shorter than STAFF_SESSION_IDLE (a session ends at whichever comes first)')
  if (c.auditRetentionMs < DAY || c.auditRetentionMs > 10 * 366 * DAY) problems.push('STAFF_AUDIT_RETENTION: must be between 1 day and 10 years (default 400d)')
  return problems
}
