import t from 'tap'
import pg from 'pg'
import { startPostgres } from '../../../scripts/engines.mjs'
import { pgTransaction } from '../../../server/db/pg'

// A PostgreSQL restart ends every connection, also one a transaction holds between two of its queries.
// That is an 'error' event of the checked-out client (the pool hears it only while the client is idle):
// it must become the transaction's StoreUnavailable (503, retried), never an uncaught exception that
// ends the replica.

t.test('the server ends a transaction\'s connection between two queries: StoreUnavailable, the process lives', async (t) => {
  const postgres = await startPostgres()
  t.teardown(() => postgres.stop())
  const pool = new pg.Pool({ connectionString: postgres.url, max: 2 })
  pool.on('error', () => undefined)
  t.teardown(() => pool.end())
  const other = new pg.Client({ connectionString: postgres.url })
  await other.connect()
  t.teardown(() => other.end())

  const outcome = pgTransaction(pool, async (client) => {
    const { rows } = await client.query('SELECT pg_backend_pid() AS pid')
    const ended = new Promise((resolve) => client.once('end', resolve))
    await other.query('SELECT pg_terminate_backend($1)', [rows[0].pid])
    // The server's FATAL message arrives now, while no query of this transaction runs: wait until the
    // connection has ended.
    await ended
    await client.query('SELECT 1')
  })
  await t.rejects(outcome, { code: 'SITE_STORE_UNAVAILABLE' }, 'the transaction fails as "database unavailable"')
  t.same((await pool.query('SELECT 1 AS one')).rows, [{ one: 1 }], 'the pool goes on with a new connection')
})
