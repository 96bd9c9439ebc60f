/** The InboxStore (types.ts) over a runner and a dialect (sql.ts): the same work on SQLite and PostgreSQL. */
import { erase } from './erase'
import { exportPages } from './export'
import { detail, digestFor, dueForErasure, list } from './read'
import { claimJob } from '../db/jobs'
import type { Runner } from '../db/sql'
import type { Dialect } from './dialect'
import { stats } from './stats'
import type { InboxStore } from './types'
import { change, queueDigest, queueReply, recordView, retryMail } from './write'

export function createInboxStore(runner: Runner, d: Dialect): InboxStore {
  const { read, write } = runner
  return {
    list: (filter, page) => read(list(d, filter, page)),
    detail: (id) => read(detail(id)),
    recordView: (id, actor, at, entry) => write(recordView(id, actor, at, entry)),
    change: (id, c, actor, at, entry) => write(change(id, c, actor, at, entry)),
    queueReply: (id, reply, actor, at, entry) => write(queueReply(id, reply, actor, at, entry)),
    retryMail: (id, seq, actor, at, entry) => write(retryMail(id, seq, actor, at, entry)),
    stats: (now) => read(stats(now)),
    exportPages: (filter, actor, at, entry) => exportPages(write, d, filter, actor, at, entry),
    dueForErasure: (closedBefore) => read(dueForErasure(closedBefore)),
    erase: (ids, reason, actor, at) => write(erase(d, ids, reason, actor, at)),
    claimJob: (job, period, at, entry) => write(claimJob(job, period, at, entry)),
    queueDigest: (accountId, day, payload, at) => write(queueDigest(accountId, day, payload, at)),
    digestFor: (accountId, newBefore) => read(digestFor(accountId, newBefore)),
  }
}
