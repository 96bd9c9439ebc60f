/** A scheduled publication's claim in scheduled_jobs: the job's name and the period of one fire. */
import type { ScheduledInstant } from '../content/publication'

/** The job scheduled publications are claimed under. */
export const PUBLISH_JOB = 'content.publish'

/** The scheduled_jobs period of one fire: item, language, instant. */
export const publishPeriod = (s: ScheduledInstant) => `${s.key}.${s.locale}@${new Date(s.at).toISOString()}`
