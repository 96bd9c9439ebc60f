// Throw-away engines for the multi-replica tests and benches: PostgreSQL, Redis and a Caddy load balancer,
// each on a free loopback port with its files in a fresh temporary folder, never the system's services.
// Plain ESM (JSDoc types; engines.d.mts for the TypeScript tests), no dependencies but Node's.
//
//   const pg = await startPostgres()      // pg.url = postgres://postgres@127.0.0.1:PORT/site (under test/run.mjs:
//                                         // a new database t_<random> on the run's one server; { own: true }: always a server)
//   const redis = await startRedis()      // redis.url = redis://127.0.0.1:PORT
//   const lb = await startCaddy({ upstreams: ['127.0.0.1:3001', '127.0.0.1:3002'] })
//   ... await lb.stop(); await redis.stop(); await pg.stop()
//
// Every process started here is remembered: if the process using them exits without stopping them (a crashed
// test), an exit hook kills what is left (SIGKILL) and removes the folders.
//
// One module per purpose under scripts/engines/: ports.mjs (free ports, readiness probes), processes.mjs
// (the exit hook, temporary folders, spawning), postgres.mjs, redis.mjs, caddy.mjs. Import from here.
export { freePort } from './engines/ports.mjs'
export { alive, track } from './engines/processes.mjs'
export { postgresBinDir, SHARED_POSTGRES, startPostgres } from './engines/postgres.mjs'
export { startRedis } from './engines/redis.mjs'
export { replicaProxyConfig, startCaddy } from './engines/caddy.mjs'
