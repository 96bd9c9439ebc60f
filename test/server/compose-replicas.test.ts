import t from 'tap'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'
import { ENV_VARIABLES, loadConfig } from '../../server/config'

// docker-compose.replicas.yml, the override for several replicas (used as
// `docker compose -f docker-compose.yml -f docker-compose.replicas.yml up -d`), and the Caddyfile it
// gives the proxy. No Docker engine runs here: the files are parsed and merged the way Compose merges
// them (maps key by key, volumes by their target path).

const base = parseYaml(readFileSync('docker-compose.yml', 'utf8'))
const override = parseYaml(readFileSync('docker-compose.replicas.yml', 'utf8'))
const site = override.services.site
const DOTENV = { POSTGRES_PASSWORD: 'c0ffee00c0ffee00c0ffee00', FORM_SECRET: 'a-form-secret-of-32-characters-x', SITE_DOMAIN: 'www.example.co.jp' }

/** Compose's interpolation: ${VAR}, ${VAR:-default} (nested) and ${VAR:?error} (a missing value stops compose). */
function interpolate(value: string, env: Record<string, string>): string {
  let text = String(value)
  for (let m; (m = /\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:-|:\?)([^{}]*))?\}/.exec(text)); ) {
    const set = env[m[1]!]
    if (!set && m[2] === ':?') throw new Error(`required variable ${m[1]} is missing a value: ${m[3]}`)
    text = text.slice(0, m.index) + (set || (m[2] === ':-' ? m[3] : '') || '') + text.slice(m.index + m[0].length)
  }
  return text
}

/** A volume entry's target path (short "src:target[:mode]" or long syntax). */
const target = (v: any) => (typeof v === 'string' ? v.split(':')[1] : v.target)
/** The site's volumes after the merge: the override's entry replaces the base's one with the same target. */
const mergedVolumes = (name: string) => {
  const byTarget = new Map<string, any>()
  for (const v of [...(base.services[name]?.volumes ?? []), ...(override.services[name]?.volumes ?? [])]) byTarget.set(target(v), v)
  return [...byTarget.values()]
}
/** What the site's process sees: .env (env_file), then the merged `environment` (which wins). */
const siteEnv = (env: Record<string, string>) => {
  const environment = { ...base.services.site.environment, ...site.environment }
  return { ...env, ...Object.fromEntries(Object.entries(environment).map(([k, v]) => [k, interpolate(String(v), env)])) }
}
const seconds = (d: string) => {
  const m = /^(\d+)(ms|s|m)$/.exec(d)
  return m ? Number(m[1]) * (m[2] === 'ms' ? 0.001 : m[2] === 'm' ? 60 : 1) : NaN
}

t.test('the site gets DATABASE_URL, REDIS_URL and a required FORM_SECRET; the result is a valid configuration', async (t) => {
  t.match(site.environment.FORM_SECRET, /^\$\{FORM_SECRET:\?[^}]+\}$/, 'FORM_SECRET from .env, required (compose stops without it)')
  t.match(site.environment.DATABASE_URL, /^postgres:\/\/[^:]+:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/\w+$/, 'DATABASE_URL: the postgres service, password from .env (required)')
  t.equal(site.environment.REDIS_URL, 'redis://redis:6379', 'REDIS_URL: the redis service')
  for (const name of Object.keys(site.environment)) t.ok(ENV_VARIABLES.includes(name), `${name} is a setting of the server`)
  const config = loadConfig(siteEnv(DOTENV))
  t.equal(config.databaseUrl, `postgres://site:${DOTENV.POSTGRES_PASSWORD}@postgres:5432/site`)
  t.equal(config.contact.formSecret, DOTENV.FORM_SECRET, 'every replica signs with the .env secret')
  t.equal(config.siteUrl, 'https://www.example.co.jp', 'SITE_URL still follows SITE_DOMAIN')
  t.equal(config.trustProxy, base.services.proxy.networks.web.ipv4_address, 'TRUST_PROXY still names the proxy')
  t.throws(() => siteEnv({ POSTGRES_PASSWORD: 'x' }), /FORM_SECRET/, 'no FORM_SECRET in .env: compose refuses to start')
  t.throws(() => siteEnv({ FORM_SECRET: DOTENV.FORM_SECRET }), /POSTGRES_PASSWORD/, 'no POSTGRES_PASSWORD: the same')
})

t.test('several replicas: no fixed name or address, per-replica DATA_DIR, the proxy keeps its address', async (t) => {
  t.ok((site.deploy?.replicas ?? site.scale) >= 2, `${site.deploy?.replicas ?? site.scale} replicas`)
  for (const [file, service] of [['docker-compose.yml', base.services.site], ['docker-compose.replicas.yml', site]] as const) {
    t.notOk(service.container_name, `${file}: no container_name on the site`)
    t.notOk(service.ports, `${file}: no published port on the site`)
    const networks = Array.isArray(service.networks) ? {} : (service.networks ?? {})
    t.notOk(Object.values(networks).some((n: any) => n?.ipv4_address), `${file}: no fixed address on the site`)
  }
  t.ok(base.services.proxy.networks.web.ipv4_address, 'the proxy keeps its fixed address')
  const data = mergedVolumes('site').find((v) => target(v) === '/data')
  t.ok(data && typeof data === 'object' && data.type === 'volume' && !data.source, 'DATA_DIR (/data) is an anonymous volume per replica, not the shared site-data')
})

t.test('shutdown: compose waits longer than the delay, the drain and close-with-grace\'s margin', async (t) => {
  const delay = Number(site.environment.SHUTDOWN_DELAY_MS)
  const timeout = Number(site.environment.SHUTDOWN_TIMEOUT_MS)
  t.ok(delay >= 1000, `SHUTDOWN_DELAY_MS ${delay}: the proxy lets go of the replica first`)
  t.ok(timeout > 0, `SHUTDOWN_TIMEOUT_MS ${timeout}`)
  t.ok(seconds(site.stop_grace_period) * 1000 > delay + timeout + 2000, `stop_grace_period ${site.stop_grace_period} > ${delay} + ${timeout} + 2000 ms`)
})

t.test('postgres and redis: healthy before the site starts, reachable by it only, data in a named volume', async (t) => {
  const { postgres, redis } = override.services
  t.match(postgres.image, /^postgres:1[5-9](\.\d+)*-alpine$/, 'a pinned major version')
  t.match(redis.image, /^redis:7(\.\d+)*-alpine$/)
  t.match(JSON.stringify(postgres.healthcheck.test), /pg_isready/)
  t.match(JSON.stringify(redis.healthcheck.test), /redis-cli.*ping/)
  t.same(site.depends_on, { postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } })
  const url = new URL(interpolate(site.environment.DATABASE_URL, DOTENV))
  t.equal(url.username, postgres.environment.POSTGRES_USER, 'DATABASE_URL user = POSTGRES_USER')
  t.equal(url.pathname.slice(1), postgres.environment.POSTGRES_DB, 'DATABASE_URL database = POSTGRES_DB')
  t.equal(postgres.environment.POSTGRES_PASSWORD, '${POSTGRES_PASSWORD:?set POSTGRES_PASSWORD in .env}', 'the same password variable')
  const pgData = postgres.volumes.find((v: string) => target(v) === '/var/lib/postgresql/data')
  t.ok(pgData && pgData.split(':')[0] in override.volumes, 'PostgreSQL data in a named volume')
  t.equal(override.networks.backend.internal, true, 'the database network has no way out')
  for (const name of ['postgres', 'redis']) {
    t.same(override.services[name].networks, ['backend'], `${name} only on the internal network`)
    t.notOk(override.services[name].ports, `${name} publishes no port`)
    t.equal(override.services[name].restart, 'unless-stopped')
  }
  t.ok(site.networks.includes('web') && site.networks.includes('backend'), 'the site on both networks')
})

t.test('the proxy balances over the replicas with deploy/Caddyfile.replicas', async (t) => {
  const mount = mergedVolumes('proxy').find((v) => target(v) === '/etc/caddy/Caddyfile')
  t.equal(mount, './deploy/Caddyfile.replicas:/etc/caddy/Caddyfile:ro', 'the replicas Caddyfile replaces the single-site one')
  t.ok(existsSync('deploy/Caddyfile.replicas'))
  const caddy = readFileSync('deploy/Caddyfile.replicas', 'utf8')
  const code = caddy.replace(/^\s*#.*$/gm, '')
  t.equal(/^\{\$SITE_DOMAIN:[^}]+\}/m.exec(code)?.[0], /^\{\$SITE_DOMAIN:[^}]+\}/m.exec(readFileSync('deploy/Caddyfile', 'utf8'))?.[0], 'the same site address as deploy/Caddyfile')
  const port = interpolate(String(base.services.site.environment.PORT), {})
  t.match(code, new RegExp(`dynamic a site ${port}\\b`), 'every replica from Docker\'s DNS, on PORT')
  t.match(code, /refresh\s+\d+m?s\b/, 'the list is refreshed within seconds')
  const tryDuration = seconds(/lb_try_duration\s+(\S+)/.exec(code)?.[1] ?? '')
  t.ok(tryDuration >= 1, `a failed connection is retried on another replica for ${tryDuration} s`)
  // Caddy runs active health checks on static upstreams only: with `dynamic` a health_uri would check nothing.
  t.notMatch(code, /health_uri/, 'no active health check that would silently never run')
  t.notMatch(code, /reverse_proxy\s+site:3000/, 'not the single static upstream')
  t.ok(seconds(/dial_timeout\s+(\S+)/.exec(code)?.[1] ?? '') < tryDuration, 'a dead address is given up on before the retries run out')
})

const caddyMissing = Boolean(spawnSync('caddy', ['version'], { encoding: 'utf8' }).error)
t.test('caddy adapts deploy/Caddyfile.replicas (where a caddy binary is installed)', { skip: caddyMissing && 'caddy is not installed' }, async (t) => {
  const run = spawnSync('caddy', ['adapt', '--config', 'deploy/Caddyfile.replicas', '--adapter', 'caddyfile'], { encoding: 'utf8', env: { ...process.env, SITE_DOMAIN: 'www.example.co.jp' } })
  t.equal(run.status, 0, `caddy adapt: ${run.stderr.slice(-500)}`)
  const handler = JSON.parse(run.stdout).apps.http.servers.srv0.routes[0].handle[0].routes[0].handle[0]
  t.same(handler.dynamic_upstreams && { source: handler.dynamic_upstreams.source, name: handler.dynamic_upstreams.name }, { source: 'a', name: 'site' })
  t.ok(handler.load_balancing.try_duration > 0, 'retries on another replica')
})
