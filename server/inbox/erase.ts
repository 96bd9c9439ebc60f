/** Erasure (sql.ts): the step that removes an inquiry's personal data as a whole (the export, which carries it out, is export.ts). */
import { run, get, type Row, type Work } from '../db/sql'
import { dropPayloads } from '../outbox/work'
import type { Dialect } from './dialect'

import type { Actor } from './types'
import { audit } from '../db/audit'
import { cancelPending, event } from './write'

/**
 * Erases inquiries' personal data in one transaction: the fields blanked (token and recipient key
 * too), the text of notes and replies removed (their events keep kind, time and author), the search
 * entry deleted, outbox payloads removed and pending mail cancelled; an 'erase' event and an
 * 'inquiry.erase' audit entry each. Already erased ones are skipped, and those on legal hold unless
 * the erasure is a person's request.
 */
export function* erase(d: Dialect, ids: string[], reason: 'retention' | 'request', actor: Actor, at: number): Work<number> {
  let erased = 0
  for (const id of new Set(ids)) {
    const r: Row | undefined = yield get('SELECT seq, legal_hold, erased_at FROM inquiries WHERE id = ?', id)
    if (!r || r.erased_at !== null || (Number(r.legal_hold) === 1 && reason !== 'request')) continue
    yield run(
      `UPDATE inquiries SET name = '', name_kana = NULL, company = NULL, email = '', reply_key = NULL, phone = NULL, preferred_date = NULL, message = '', token = NULL, erased_at = ?
       WHERE id = ?`,
      at,
      id,
    )
    yield run("UPDATE inquiry_events SET data = '{}' WHERE inquiry_id = ? AND kind IN ('note', 'reply')", id)
    yield run(d.indexDelete, r.seq)
    yield* cancelPending(id, at, actor.accountId)
    yield* dropPayloads(id)
    yield* event(id, at, actor.accountId, 'erase', { reason })
    yield* audit({ at, accountId: actor.accountId, address: actor.address, action: 'inquiry.erase', target: `inquiry:${id}`, outcome: 'ok' })
    erased++
  }
  return erased
}
