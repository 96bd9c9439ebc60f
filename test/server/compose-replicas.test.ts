import t from 'tap'
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'
import { ENV_VARIABLES, loadConfig } from '../../server/config'
import { replicaProxyConfig } from '../../scripts/engines.mjs'

// docker-compose.replicas.yml, the override for several replicas (used as
// `docker compose -f docker-compose.yml -f docker-compose.replicas.yml up -d`), and the Caddyfile it
// gives the proxy. No Docker engine runs here: the files are parsed (YAML merge keys included, as compose
// does) and merged the way Compose merges them: `extends` first (within each file, against the named file's
// service), then the override file onto the base file, with the same merge rules for both (compose-go's
// override.MergeYaml, then EnforceUnicity).

const yaml = (file: string) => parseYaml(readFileSync(file, 'utf8'), { merge: true })
const base = yaml('docker-compose.yml')
const override = yaml('docker-compose.replicas.yml')
const DOTENV = { POSTGRES_PASSWORD: 'c0ffee00c0ffee00c0ffee00', FORM_SECRET: 'a-form-secret-of-32-characters-x', SITE_DOMAIN: 'www.example.co.jp' }

const clone = <T>(v: T): T => structuredClone(v)
const isMap = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v)
/** A mapping written as a sequence ("KEY=value" or "KEY") becomes a sequence of such strings, sorted. */
const toSequence = (v: any): any[] =>
  Array.isArray(v) ? v : isMap(v) ? Object.entries(v).flatMap(([k, x]) => (x === null || x === undefined ? [k] : Array.isArray(x) ? x.map((y) => `${k}=${y}`) : [`${k}=${x}`])).sort() : []
/** A sequence of names becomes a mapping (depends_on's short form gets its defaults). */
const toMapping = (v: any, defaults: Record<string, unknown> | null): Record<string, any> =>
  isMap(v) ? v : Object.fromEntries((v ?? []).map((k: string) => [k, defaults ? { ...defaults } : null]))
/** Compose's special rules, by the key under services.<name> (compose-go override/merge.go's mergeSpecials). */
const SEQUENCE_OF_MAPPING = new Set(['annotations', 'env_file', 'label_file', 'environment', 'labels', 'sysctls', 'tmpfs', 'dns', 'dns_opt', 'dns_search'])

/** Merges `local` onto `from` (both a service or a value under one), as compose merges a later file or `extends`. */
function mergeYaml(from: any, local: any, path: string[]): any {
  const key = path.length === 1 ? path[0]! : ''
  if (path.join('.') === 'healthcheck.test' || key === 'command' || key === 'entrypoint') return local
  if (SEQUENCE_OF_MAPPING.has(key)) return [...toSequence(from), ...toSequence(local)]
  if (key === 'networks') return mergeMappings(toMapping(from, null), toMapping(local, null), path)
  if (key === 'depends_on') {
    const defaults = { condition: 'service_started', required: true }
    return mergeMappings(toMapping(from, defaults), toMapping(local, defaults), path)
  }
  if (key === 'logging' && from.driver && local.driver && from.driver !== local.driver) return local
  if (key === 'build') return mergeMappings(typeof from === 'string' ? { context: from } : from, typeof local === 'string' ? { context: local } : local, path)
  if (local === null || local === undefined) return from
  if (isMap(from)) {
    if (!isMap(local)) throw new Error(`cannot override ${path.join('.')}`)
    return mergeMappings(from, local, path)
  }
  if (Array.isArray(from)) {
    if (!Array.isArray(local)) throw new Error(`cannot override ${path.join('.')}`)
    return [...from, ...local]
  }
  return local
}
function mergeMappings(from: Record<string, any>, local: Record<string, any>, path: string[]): Record<string, any> {
  const out = { ...from }
  for (const [k, v] of Object.entries(local)) out[k] = k in out ? mergeYaml(out[k], v, [...path, k]) : v
  return out
}

/** A volume entry's target path (short "src:target[:mode]" or long syntax). */
const target = (v: any) => (typeof v === 'string' ? (v.split(':').length > 1 ? v.split(':')[1] : v) : v.target)
/** The key two entries of a sequence share when the later one replaces the earlier (compose-go's uncity.go). */
const UNIQUE: Record<string, (v: any) => string> = {
  volumes: target,
  env_file: (v) => (typeof v === 'string' ? v : v.path),
  ...Object.fromEntries(['annotations', 'cap_add', 'cap_drop', 'dns', 'dns_opt', 'dns_search', 'environment', 'labels', 'profiles', 'sysctls', 'tmpfs'].map((k) => [k, (v: any) => String(v).split('=')[0]!])),
  expose: (v) => String(v),
}
/** EnforceUnicity for a service: the later entry of a key takes the place of the first. */
function enforceUnicity(service: Record<string, any>): Record<string, any> {
  const out = { ...service }
  for (const [k, indexer] of Object.entries(UNIQUE)) {
    if (!Array.isArray(out[k])) continue
    const seq: any[] = []
    const at = new Map<string, number>()
    for (const entry of out[k]) {
      const key = indexer(entry)
      if (at.has(key)) seq[at.get(key)!] = entry
      else at.set(key, seq.push(entry) - 1)
    }
    out[k] = seq
  }
  return out
}

/** A service of a file with its `extends` resolved (the extended one from its file, recursively; the local keys on top). */
function resolveExtends(file: string, doc: any, name: string, seen: string[] = []): Record<string, any> {
  const service = doc.services[name]
  if (!service) throw new Error(`service ${name} not found in ${file}`)
  if (!service.extends) return service
  const { extends: ref, ...local } = service
  const refFile = typeof ref === 'string' ? file : (ref.file ?? file)
  const refName = typeof ref === 'string' ? ref : ref.service
  if (seen.includes(`${refFile}:${refName}`)) throw new Error(`circular extends: ${refFile}:${refName}`)
  const refDoc = refFile === file ? doc : yaml(refFile)
  const extended = resolveExtends(refFile, refDoc, refName, [...seen, `${file}:${name}`])
  return enforceUnicity(mergeYaml(clone(extended), clone(local), []))
}

/** The application model of several files: each one's `extends` resolved, then each file merged onto the previous. */
function loadModel(files: string[]): Record<string, any> {
  let model: Record<string, any> = {}
  for (const file of files) {
    const doc = yaml(file)
    const services = Object.fromEntries(Object.keys(doc.services).map((name) => [name, resolveExtends(file, doc, name)]))
    const { services: _, ...rest } = doc
    model = mergeMappings(model, { ...rest, services: {} }, [])
    for (const [name, service] of Object.entries(services)) {
      model.services[name] = model.services[name] ? enforceUnicity(mergeYaml(clone(model.services[name]), clone(service), [])) : enforceUnicity(clone(service))
    }
  }
  return model
}
/** `environment` after the merge (a sequence of KEY=value) as a mapping. */
const environmentOf = (service: any): Record<string, string> =>
  Object.fromEntries(toSequence(service.environment).map((e: string) => [e.split('=')[0], e.includes('=') ? e.slice(e.indexOf('=') + 1) : undefined]))

const model = loadModel(['docker-compose.yml', 'docker-compose.replicas.yml'])
/** The replicas: the services built from the site's image. */
const replicaNames = Object.keys(model.services).filter((name) => model.services[name].image === base.services.site.image)
const site = model.services.site
const siteEnvironment = environmentOf(site)

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

/** What the site's process sees: .env (env_file), then the merged `environment` (which wins). */
const siteEnv = (env: Record<string, string>) => ({
  ...env,
  ...Object.fromEntries(Object.entries(siteEnvironment).map(([k, v]) => [k, interpolate(String(v), env)])),
})
const seconds = (d: string) => {
  const m = /^(\d+)(ms|s|m)$/.exec(d)
  return m ? Number(m[1]) * (m[2] === 'ms' ? 0.001 : m[2] === 'm' ? 60 : 1) : NaN
}

t.test('the merge here follows the compose specification\'s examples (extends and merge)', async (t) => {
  const spec = (common: any, cli: any) => enforceUnicity(mergeYaml(common, cli, []))
  t.same(environmentOf(spec({ image: 'busybox', environment: { TZ: 'utc', PORT: 80 } }, { environment: ['PORT=8080'] })), { PORT: '8080', TZ: 'utc' }, 'environment: merged by key')
  t.same(spec({ volumes: ['common-volume:/var/lib/backup/data:rw'] }, { volumes: ['cli-volume:/var/lib/backup/data:ro'] }).volumes, ['cli-volume:/var/lib/backup/data:ro'], 'volumes: by target')
  t.same(spec({ security_opt: ['label:role:ROLE'] }, { security_opt: ['label:user:USER'] }).security_opt, ['label:role:ROLE', 'label:user:USER'], 'sequences: appended')
  t.same(spec({ cap_drop: ['ALL'] }, { cap_drop: ['ALL'] }).cap_drop, ['ALL'], 'cap_drop: no duplicates')
  t.same(spec({ networks: ['web'] }, { networks: { backend: { aliases: ['x'] } } }).networks, { web: null, backend: { aliases: ['x'] } }, 'networks: as a mapping')
  t.same(spec({ image: 'a', user: 'root' }, { image: 'b' }), { image: 'b', user: 'root' }, 'scalars: the local one wins')
  t.same(spec({ command: ['echo', 'foo'] }, { command: ['echo', 'bar'] }).command, ['echo', 'bar'], 'command: replaced')
})

t.test('three replicas: the same service, with the same settings but their name', async (t) => {
  t.same(replicaNames, ['site', 'site-2', 'site-3'], 'site, site-2 and site-3 run the site\'s image')
  for (const name of replicaNames) {
    const service = model.services[name]
    t.notOk(service.deploy?.replicas ?? service.scale, `${name}: one container (no deploy.replicas, no scale)`)
    t.notOk(service.extends, `${name}: extends resolved`)
  }
  t.same(model.services['site-2'], site, 'site-2 = site')
  t.same(model.services['site-3'], site, 'site-3 = site')
  // What docker-compose.yml gives the site is all there: each setting is the base's, unless the override set it.
  const own = override['x-replica']
  t.ok(own, 'x-replica: what every replica adds, in one place')
  for (const name of replicaNames) t.same(override.services[name].environment, own.environment, `${name}: the x-replica settings (YAML merge key)`)
  for (const [key, value] of Object.entries(base.services.site)) {
    if (key === 'environment') t.same(siteEnvironment, { ...base.services.site.environment, ...own.environment }, 'environment: the base\'s, with DATABASE_URL, REDIS_URL, FORM_SECRET, SHUTDOWN_* added')
    else if (key === 'volumes') t.same(site.volumes, own.volumes, 'volumes: the per-replica /data replaces the shared site-data')
    else if (key === 'networks') t.same(site.networks, { web: null, backend: null }, 'networks: web (the proxy) and backend (postgres, redis)')
    else if (key in own) t.same(site[key], own[key], `${key}: the override's`)
    else t.same(site[key], key === 'cap_drop' || key === 'expose' || key === 'tmpfs' || key === 'env_file' ? [...new Set(value as any[])] : value, `${key}: the base's`)
  }
  t.equal(site.read_only, true)
  t.same(site.cap_drop, ['ALL'])
  t.same(site.env_file, [{ path: '.env', required: false }])
})

t.test('the site gets DATABASE_URL, REDIS_URL and a required FORM_SECRET; the result is a valid configuration', async (t) => {
  t.match(siteEnvironment.FORM_SECRET, /^\$\{FORM_SECRET:\?[^}]+\}$/, 'FORM_SECRET from .env, required (compose stops without it)')
  t.match(siteEnvironment.DATABASE_URL, /^postgres:\/\/[^:]+:\$\{POSTGRES_PASSWORD:\?[^}]+\}@postgres:5432\/\w+$/, 'DATABASE_URL: the postgres service, password from .env (required)')
  t.equal(siteEnvironment.REDIS_URL, 'redis://redis:6379', 'REDIS_URL: the redis service')
  for (const name of Object.keys(siteEnvironment)) t.ok(ENV_VARIABLES.includes(name), `${name} is a setting of the server`)
  const config = loadConfig(siteEnv(DOTENV))
  t.equal(config.databaseUrl, `postgres://site:${DOTENV.POSTGRES_PASSWORD}@postgres:5432/site`)
  t.equal(config.contact.formSecret, DOTENV.FORM_SECRET, 'every replica signs with the .env secret')
  t.equal(config.siteUrl, 'https://www.example.co.jp', 'SITE_URL still follows SITE_DOMAIN')
  t.equal(config.trustProxy, base.services.proxy.networks.web.ipv4_address, 'TRUST_PROXY still names the proxy')
  t.throws(() => siteEnv({ POSTGRES_PASSWORD: 'x' }), /FORM_SECRET/, 'no FORM_SECRET in .env: compose refuses to start')
  t.throws(() => siteEnv({ FORM_SECRET: DOTENV.FORM_SECRET }), /POSTGRES_PASSWORD/, 'no POSTGRES_PASSWORD: the same')
})

t.test('no fixed name or address on a replica, per-replica DATA_DIR, the proxy keeps its address', async (t) => {
  for (const name of replicaNames) {
    const service = model.services[name]
    t.notOk(service.container_name, `${name}: no container_name`)
    t.notOk(service.ports, `${name}: no published port`)
    t.notOk(Object.values(service.networks ?? {}).some((n: any) => n?.ipv4_address), `${name}: no fixed address`)
    const data = service.volumes.filter((v: any) => target(v) === '/data')
    t.ok(data.length === 1 && isMap(data[0]) && data[0].type === 'volume' && !data[0].source, `${name}: DATA_DIR (/data) is an anonymous volume of its own, not the shared site-data`)
  }
  t.ok(model.services.proxy.networks.web.ipv4_address, 'the proxy keeps its fixed address')
})

t.test('shutdown: compose waits longer than the delay, the drain and close-with-grace\'s margin', async (t) => {
  for (const name of replicaNames) {
    const service = model.services[name]
    const environment = environmentOf(service)
    const delay = Number(environment.SHUTDOWN_DELAY_MS)
    const timeout = Number(environment.SHUTDOWN_TIMEOUT_MS)
    t.ok(delay >= 1000, `${name}: SHUTDOWN_DELAY_MS ${delay}: the proxy lets go of the replica first`)
    t.ok(timeout > 0, `${name}: SHUTDOWN_TIMEOUT_MS ${timeout}`)
    t.ok(seconds(service.stop_grace_period) * 1000 > delay + timeout + 2000, `${name}: stop_grace_period ${service.stop_grace_period} > ${delay} + ${timeout} + 2000 ms`)
  }
})

t.test('postgres and redis: healthy before the site starts, reachable by it only, data in a named volume', async (t) => {
  const { postgres, redis } = override.services
  t.match(postgres.image, /^postgres:1[5-9](\.\d+)*-alpine$/, 'a pinned major version')
  t.match(redis.image, /^redis:7(\.\d+)*-alpine$/)
  t.match(JSON.stringify(postgres.healthcheck.test), /pg_isready/)
  t.match(JSON.stringify(redis.healthcheck.test), /redis-cli.*ping/)
  for (const name of replicaNames) {
    t.same(model.services[name].depends_on, { postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } }, `${name} waits for both`)
    t.same(model.services[name].networks, { web: null, backend: null }, `${name} on both networks`)
  }
  const url = new URL(interpolate(siteEnvironment.DATABASE_URL!, DOTENV))
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
})

/** The directives of the reverse_proxy block of a Caddyfile (nested blocks flattened, comments left out), and its upstreams. */
function reverseProxy(caddyfile: string): { upstreams: string[]; directives: string[] } {
  const code = caddyfile.replace(/#.*$/gm, '')
  const m = /^\s*reverse_proxy([^{\n]*)\{/m.exec(code)
  if (!m) return { upstreams: [], directives: [] }
  const directives: string[] = []
  const blocks: string[] = []
  for (const line of code.slice(m.index + m[0].length).split('\n').map((l) => l.trim().replace(/\s+/g, ' '))) {
    if (!line) continue
    if (line === '}') {
      if (!blocks.length) break
      blocks.pop()
    } else if (line.endsWith('{')) blocks.push(line.slice(0, -1).trim())
    else directives.push([...blocks, line].join(' > '))
  }
  return { upstreams: m[1]!.trim().split(/\s+/).filter(Boolean), directives: directives.sort() }
}

t.test('the proxy balances over the three replicas, with an active health check (deploy/Caddyfile.replicas)', async (t) => {
  const mount = model.services.proxy.volumes.find((v: any) => target(v) === '/etc/caddy/Caddyfile')
  t.equal(mount, './deploy/Caddyfile.replicas:/etc/caddy/Caddyfile:ro', 'the replicas Caddyfile replaces the single-site one')
  t.ok(existsSync('deploy/Caddyfile.replicas'))
  const caddy = readFileSync('deploy/Caddyfile.replicas', 'utf8')
  const code = caddy.replace(/^\s*#.*$/gm, '')
  t.equal(/^\{\$SITE_DOMAIN:[^}]+\}/m.exec(code)?.[0], /^\{\$SITE_DOMAIN:[^}]+\}/m.exec(readFileSync('deploy/Caddyfile', 'utf8'))?.[0], 'the same site address as deploy/Caddyfile')
  const port = interpolate(String(siteEnvironment.PORT), {})
  const { upstreams, directives } = reverseProxy(caddy)
  t.same(upstreams, replicaNames.map((name) => `${name}:${port}`), `static upstreams: exactly the replicas' services, on PORT (${replicaNames.join(', ')})`)
  t.notMatch(code, /\bdynamic\b/, 'no dynamic upstreams (Caddy gives them no active health check)')
  t.ok(directives.includes('health_uri /readyz?exclude=database'), 'active check of /readyz, the database left out')
  t.ok(directives.includes('lb_policy round_robin'))
  const directive = (name: string) => seconds(directives.find((d) => d.split(' ').at(-2) === name)?.split(' ').at(-1) ?? '')
  const delay = Number(siteEnvironment.SHUTDOWN_DELAY_MS) / 1000
  t.ok(directive('health_interval') + directive('health_timeout') < delay, `a replica is taken out (check every ${directive('health_interval')} s, ${directive('health_timeout')} s timeout) before its port closes (${delay} s)`)
  t.ok(directive('lb_try_duration') >= 1, `a failed connection is retried on another replica for ${directive('lb_try_duration')} s`)
  t.ok(directive('dial_timeout') < directive('lb_try_duration'), 'a dead replica is given up on before the retries run out')
  for (const name of replicaNames) t.same(model.services.proxy.depends_on[name], { condition: 'service_healthy' }, `the proxy starts once ${name} is healthy`)
})

/** The directives of the global `servers { timeouts { … } }` block of a Caddyfile, one a line, sorted. */
function serverTimeouts(caddyfile: string): string[] {
  const code = caddyfile.replace(/#.*$/gm, '')
  const block = /^\s*timeouts\s*\{([^}]*)\}/m.exec(code)?.[1] ?? ''
  return block.split('\n').map((l) => l.trim().replace(/\s+/g, ' ')).filter(Boolean).sort()
}

t.test('the test harness\'s Caddy (scripts/engines.mjs) runs the same directives as deploy/Caddyfile.replicas', async (t) => {
  const deployed = reverseProxy(readFileSync('deploy/Caddyfile.replicas', 'utf8'))
  const config = replicaProxyConfig({ upstreams: ['127.0.0.1:3001', '127.0.0.1:3002'], port: 8080, adminPort: 2019 })
  const harness = reverseProxy(config)
  t.same(harness.upstreams, ['127.0.0.1:3001', '127.0.0.1:3002'])
  t.same(harness.directives, deployed.directives, 'every directive but the upstreams')
  const timeouts = serverTimeouts(readFileSync('deploy/Caddyfile.replicas', 'utf8'))
  t.same(timeouts, ['read_body 30s', 'read_header 10s'], 'slow clients are cut by the proxy: headers within 10 s, the request within 30 s')
  t.same(serverTimeouts(config), timeouts, 'the same server timeouts')
  t.same(serverTimeouts(readFileSync('deploy/Caddyfile', 'utf8')), timeouts, 'deploy/Caddyfile (one replica) has the same')
  const unchecked = reverseProxy(replicaProxyConfig({ upstreams: ['127.0.0.1:3001'], port: 8080, adminPort: 2019, healthChecks: false }))
  t.same(unchecked.directives, deployed.directives.filter((d) => !d.startsWith('health_')), 'healthChecks: false leaves out the active check only')
})

const caddyMissing = Boolean(spawnSync('caddy', ['version'], { encoding: 'utf8' }).error)
t.test('caddy adapts deploy/Caddyfile.replicas (where a caddy binary is installed)', { skip: caddyMissing && 'caddy is not installed' }, async (t) => {
  const run = spawnSync('caddy', ['adapt', '--config', 'deploy/Caddyfile.replicas', '--adapter', 'caddyfile'], { encoding: 'utf8', env: { ...process.env, SITE_DOMAIN: 'www.example.co.jp' } })
  t.equal(run.status, 0, `caddy adapt: ${run.stderr.slice(-500)}`)
  const handler = JSON.parse(run.stdout).apps.http.servers.srv0.routes[0].handle[0].routes[0].handle[0]
  t.same(handler.upstreams, [{ dial: 'site:3000' }, { dial: 'site-2:3000' }, { dial: 'site-3:3000' }], 'three static upstreams')
  t.equal(handler.health_checks?.active?.uri, '/readyz?exclude=database', 'an active health check')
  t.equal(handler.health_checks.active.expect_status, 200)
  t.ok(handler.load_balancing.try_duration > 0, 'retries on another replica')
})
