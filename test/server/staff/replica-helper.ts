// Two app instances ("replicas") on one database, for the staff tests that must hold across replicas:
// two on one SQLite DATA_DIR (two connections to the file), or two on one throwaway PostgreSQL database;
// the same clock and FORM_SECRET, as replicas share them.
import type { FastifyInstance } from 'fastify'
import type { Test } from 'tap'
import { freshPgDatabase, tempDataDir } from '../contact/helper'
import { testConfig } from '../../helper'
import { staffApp, type Clock } from './web-helper'

const shared = { contact: { ...testConfig().contact, formSecret: 'a-shared-secret-of-the-replicas-0123' } }

export interface ReplicaEngine {
  name: 'sqlite' | 'postgres'
  /** Two app instances on a new database of this engine. */
  replicas(t: Test, time: Clock): Promise<[FastifyInstance, FastifyInstance]>
}

/** Both engines; PostgreSQL on `postgres` (scripts/engines.mjs startPostgres), a new database each time. */
export function replicaEngines(postgres: { url: string }, prefix: string): ReplicaEngine[] {
  const pair = async (t: Test, time: Clock, database: object) => [await staffApp(t, time, { ...shared, ...database }), await staffApp(t, time, { ...shared, ...database })] as [FastifyInstance, FastifyInstance]
  return [
    { name: 'sqlite', replicas: (t, time) => pair(t, time, { dataDir: tempDataDir(t) }) },
    { name: 'postgres', replicas: async (t, time) => pair(t, time, { databaseUrl: await freshPgDatabase(postgres, prefix) }) },
  ]
}
