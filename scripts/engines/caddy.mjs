// Caddy as the load balancer in front of the site's replicas, for scripts/engines.mjs: the Caddyfile of
// deploy/Caddyfile.replicas on free loopback ports.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { accepts, freePort } from './ports.mjs'
import { removeFolder, spawnEngine, tempFolder } from './processes.mjs'

/** @typedef {import('./processes.mjs').Engine} Engine */

/** The servers' read timeouts of replicaProxyConfig (and of deploy/Caddyfile and deploy/Caddyfile.replicas): slow clients are cut. */
const REPLICA_SERVER_TIMEOUTS = ['read_header 10s', 'read_body 30s']

/** The active health check of replicaProxyConfig (and of deploy/Caddyfile.replicas), one directive a line. */
const REPLICA_HEALTH_CHECK = ['health_uri /readyz?exclude=database', 'health_interval 1s', 'health_timeout 2s', 'health_status 200']

/**
 * The Caddyfile of the load balancer in front of the site's replicas (plain HTTP on 127.0.0.1:port), with the
 * server timeouts and reverse_proxy directives of deploy/Caddyfile.replicas (test/server/compose-replicas.test.ts
 * checks they are the same, so the harness runs what is deployed): a request's headers within 10 s and the whole
 * request within 30 s; round robin; an active health check of each replica's `/readyz?exclude=database` every
 * second (a draining replica answers 503 and is taken out before its port closes; a restarted one comes back once
 * ready; a database outage takes none out); a replica that failed a request is avoided for 10 s (passive check)
 * and a request whose connection failed is tried on another one for up to 5 s (Caddy retries dial errors whatever
 * the method: nothing was sent yet).
 * Caveat, Caddy before 2.11.2 (caddyserver/caddy#7546, fixed by #7547): the retry of a request WITH A BODY after a
 * dial error fails, 502 "http: invalid Read on closed Body", and the failed retry counts against the healthy
 * upstream too (503 "no upstreams available" for fail_duration). GETs are retried fine. So on those versions a
 * POST that meets a closed port fails: only the active check (which takes a replica out before its port closes)
 * keeps rolling restarts free of failed POSTs.
 * (No `persist_config off`: Caddy 2.6 does not know that global option, it came with 2.7; the autosave it writes
 * lands in the temporary XDG_CONFIG_HOME.)
 * `healthChecks: false` leaves the active check out (bench/replicas.mjs measures what it is worth): then only the
 * replica's Connection: close during SHUTDOWN_DELAY_MS and the retries of refused connections keep requests
 * from failing (see the caveat).
 * @param {{ upstreams: string[], port: number, adminPort: number, healthChecks?: boolean }} options upstreams as 'host:port'
 * @returns {string}
 */
export function replicaProxyConfig({ upstreams, port, adminPort, healthChecks = true }) {
  const health = healthChecks ? REPLICA_HEALTH_CHECK.map((d) => `\n\t\t${d}`).join('') : ''
  return `{
	admin 127.0.0.1:${adminPort}
	auto_https off
	servers {
		timeouts {
${REPLICA_SERVER_TIMEOUTS.map((d) => `\t\t\t${d}`).join('\n')}
		}
	}
}

http://:${port} {
	bind 127.0.0.1
	reverse_proxy ${upstreams.join(' ')} {
		lb_policy round_robin
		lb_try_duration 5s
		lb_try_interval 250ms
		fail_duration 10s${health}
		transport http {
			dial_timeout 2s
		}
	}
}
`
}

/**
 * Caddy as a load balancer in front of `upstreams` (see replicaProxyConfig), on `port` or a free one.
 * Ready once its admin API answers and its port accepts connections.
 * @param {{ upstreams: string[], port?: number, healthChecks?: boolean }} options
 * @returns {Promise<Engine & { adminUrl: string, config: string, log(): string }>}
 */
export async function startCaddy({ upstreams, port, healthChecks = true }) {
  if (!upstreams?.length) throw new Error('startCaddy: upstreams (host:port) are required')
  const dir = tempFolder('caddy-')
  const proxyPort = port ?? (await freePort())
  const adminPort = await freePort()
  const config = replicaProxyConfig({ upstreams, port: proxyPort, adminPort, healthChecks })
  const file = join(dir, 'Caddyfile')
  writeFileSync(file, config)
  const adminUrl = `http://127.0.0.1:${adminPort}`
  let proc
  try {
    proc = await spawnEngine('caddy', 'caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
      cwd: dir,
      env: { ...process.env, HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config') },
      ready: async () => {
        const admin = await fetch(`${adminUrl}/config/`).catch(() => null)
        if (!admin?.ok) return false
        await admin.arrayBuffer()
        return accepts(proxyPort)
      },
    })
  } catch (err) {
    removeFolder(dir)
    throw err
  }
  return {
    url: `http://127.0.0.1:${proxyPort}`,
    port: proxyPort,
    adminUrl,
    config,
    log: () => proc?.output() ?? '',
    get pid() {
      return proc?.child.pid ?? 0
    },
    pause: async () => {
      throw new Error('caddy: pause() is not supported; stop() it and start a new one')
    },
    resume: async () => {
      throw new Error('caddy: resume() is not supported')
    },
    stop: async () => {
      await proc?.stop()
      proc = undefined
      removeFolder(dir)
    },
  }
}
