import type { FastifyBaseLogger } from 'fastify'
import type { ScheduledInstant } from '../content/publication'
import type { Actor } from '../db/actor'
import type { EditorService } from './service'
import { publishPeriod } from './publish-job'

/**
 * A scheduled publication's fire, once across every replica. Each replica swaps in the next view at a
 * publication instant by itself (the holder's timer, server/content/snapshot.ts); what must happen once,
 * the audit entry `content.publish` (target `news/<slug>.<locale>`: one per item, language and instant),
 * is claimed through the inquiry database's scheduled_jobs (the editor service's recordPublication: the
 * audit written in the claim's transaction), so whichever replica sees the instant first records it and the others find it
 * claimed. At start, instants passed within CATCH_UP_MS are claimed too: one that came while every
 * replica was stopped is recorded by the first to start (and one already recorded is not again).
 */

/** How far back the start looks for instants passed while no replica ran. */
export const CATCH_UP_MS = 7 * 24 * 3_600_000

/** Who records a scheduled publication: the schedule itself, no account. */
const SCHEDULE: Actor = { accountId: null, role: null, address: 'schedule' }

export interface PublishFiresOptions {
  editor: Pick<EditorService, 'recordPublication'>
  /** The content's clock (tests move it). */
  now: () => number
  log: FastifyBaseLogger
}

export function createPublishFires({ editor, now, log }: PublishFiresOptions) {
  /** The instant of the last look: instants after it and up to the next one are that look's to fire. */
  let lastLook: number | null = null
  /** Fires whose claim failed (the database away): tried again at the next look. */
  const retry = new Map<string, ScheduledInstant>()
  let chain: Promise<void> = Promise.resolve()

  async function fire(s: ScheduledInstant): Promise<void> {
    const period = publishPeriod(s)
    const target = `${s.key}.${s.locale}`
    try {
      if (await editor.recordPublication(SCHEDULE, s, now())) log.info({ target, at: new Date(s.at).toISOString() }, 'scheduled publication recorded')
      retry.delete(period)
    } catch (err) {
      retry.set(period, s)
      log.error({ err, target }, 'scheduled publication not recorded: tried again at the next look')
    }
  }

  return {
    /**
     * A view of `schedule` swapped in at `at`: the instants passed since the last look (at the first,
     * within CATCH_UP_MS) are claimed, in order. Returns when they are (tests await it).
     */
    look(schedule: readonly ScheduledInstant[], at: number): Promise<void> {
      const from = lastLook ?? at - CATCH_UP_MS
      lastLook = Math.max(lastLook ?? at, at)
      const due = [...retry.values(), ...schedule.filter((s) => s.at > from && s.at <= at && !retry.has(publishPeriod(s)))].sort((a, b) => a.at - b.at)
      if (due.length === 0) return chain
      chain = chain.then(async () => {
        for (const s of due) await fire(s)
      })
      return chain
    },
    /** Resolves once every claim asked for so far is done. */
    settled: () => chain,
  }
}

export type PublishFires = ReturnType<typeof createPublishFires>
