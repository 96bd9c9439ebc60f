import { DURATION, parseDuration } from './config-formats'

/**
 * The image variants' part of the environment (read by server/config.ts, the only reader of process.env):
 * whether every variant the site serves is made ahead, in the background (server/content/variant-warm.ts),
 * and how long /readyz waits for the start's round of it.
 */
export interface MediaConfig {
  /** Make every served variant ahead: at the start (what the cache lacks), after each content change, after an upload. */
  warm: boolean
  /** How long after the start /readyz says 503 while the start's variants are made (0: not at all); the warm goes on after it. */
  warmReadyTimeoutMs: number
}

/** The longest MEDIA_WARM_READY_TIMEOUT: past an hour a replica out of rotation is a problem of its own. */
const MAX_READY_TIMEOUT_MS = 3_600_000

export const mediaEnvProperties = {
  MEDIA_WARM: { type: 'string', enum: ['on', 'off', 'true', 'false'], default: 'on' },
  MEDIA_WARM_READY_TIMEOUT: { type: 'string', pattern: DURATION, default: '0' },
} as const

/** The media settings from validated environment values. */
export function readMediaConfig(v: Record<string, any>): MediaConfig {
  return { warm: v.MEDIA_WARM === 'on' || v.MEDIA_WARM === 'true', warmReadyTimeoutMs: parseDuration(v.MEDIA_WARM_READY_TIMEOUT) }
}

/** Settings that are valid one by one but not in range (one line each). */
export function mediaConfigProblems(c: MediaConfig): string[] {
  return c.warmReadyTimeoutMs > MAX_READY_TIMEOUT_MS ? ['MEDIA_WARM_READY_TIMEOUT: must be at most 1 hour (default 0: /readyz does not wait for the warm)'] : []
}
