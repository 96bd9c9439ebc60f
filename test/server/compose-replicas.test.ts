import t from 'tap'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ENV_VARIABLES, loadConfig } from '../../server/config'
import { replicaProxyConfig } from '../../scripts/engines.mjs'
import { adaptable, caddyBlock, findHandler } from './caddyfile'
import { enforceUnicity, environmentOf, interpolate, isMap, loadModel, mergeYaml, secretTarget, target, yaml } from './compose'

// docker-compose.replicas.yml, the override for several replicas (used as
// `docker compose -f docker-compose.yml -f docker-compose.replicas.yml up -d`), and the Caddyfile it
// gives the proxy. No Docker engine runs here: the files are parsed (YAML merge keys included, as compose
// does) and merged the way Compose merges them: `extends` first (within each file, against the named file's
// service), then the override file onto the base file, with the same merge rules for both (compose-go's
// override.MergeYaml, then EnforceUnicity).

const base = yaml('docker-compose.yml')
const override = yaml('docker-compose.replicas.yml')

const model = loadModel(['docker-compose.yml', 'docker-compose.replicas.yml'])
/** The replicas: the services built from the site's image. */
const replicaNames = Object.keys(model.services).filter((name) => model.services[name].image === base.services.site.image)
const site = model.services.site
const siteEnvironment = environmentOf(site)

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
    if (key === 'environment') t.same(siteEnvironment, { ...base.services.site.environment, ...own.environment }, 'environment: the base\'s, with DATABASE_URL_FILE, FORM_SECRET_FILE, REDIS_URL, SHUTDOWN_* added')
    else if (key === 'volumes') t.same(site.volumes, [...own.volumes, 'site-content:/app/content'], 'volumes: the per-replica /data replaces the shared site-data; the content volume stays the base\'s')
    else if (key === 'secrets') t.same(site.secrets, [...(value as string[]), ...own.secrets], 'secrets: the base\'s smtp_url, with database_url and form_secret added')
    else if (key === 'networks') t.same(site.networks, { web: null, backend: null }, 'networks: web (the proxy) and backend (postgres, redis)')
    else if (key in own) t.same(site[key], own[key], `${key}: the override's`)
    else t.same(site[key], key === 'cap_drop' || key === 'expose' || key === 'tmpfs' || key === 'env_file' ? [...new Set(value as any[])] : value, `${key}: the base's`)
  }
  t.equal(site.read_only, true)
  t.same(site.cap_drop, ['ALL'])
  t.same(site.env_file, [{ path: '.env', required: false }])
})

/** The shell commands of a comment block of a compose file (`#   command  # note` lines between two markers). */
function documentedCommands(file: string, from: RegExp, to: RegExp): string[] {
  const lines = readFileSync(file, 'utf8').split('\n')
  const start = lines.findIndex((l) => from.test(l))
  const end = lines.findIndex((l, i) => i > start && to.test(l))
  return lines.slice(start + 1, end).filter((l) => /^#   \S/.test(l)).map((l) => l.slice(4).replace(/\s{2,}#\s.*$/, '').trim())
}

t.test('the site gets DATABASE_URL and FORM_SECRET as secret files, made by the documented commands; a valid configuration', async (t) => {
  for (const name of ['DATABASE_URL', 'FORM_SECRET', 'SMTP_URL', 'POSTGRES_PASSWORD']) t.notOk(name in siteEnvironment, `${name}: no value in the environment (docker inspect)`)
  t.equal(siteEnvironment.REDIS_URL, 'redis://redis:6379', 'REDIS_URL: the redis service (no password: an internal network)')
  for (const name of Object.keys(siteEnvironment)) t.ok(ENV_VARIABLES.includes(name), `${name} is a setting of the server`)
  // Each X_FILE names where a secret of the service is mounted, and that secret is a file of ./secrets.
  const mounted = Object.fromEntries((site.secrets as any[]).map((s) => [secretTarget(s), typeof s === 'string' ? s : s.source]))
  const files: Record<string, string> = {}
  for (const variable of ['SMTP_URL_FILE', 'DATABASE_URL_FILE', 'FORM_SECRET_FILE']) {
    const secret = mounted[siteEnvironment[variable]!]
    t.ok(secret, `${variable}=${siteEnvironment[variable]}: a secret the replicas mount`)
    t.match(model.secrets[secret]?.file, /^\.\/secrets\/\w+$/, `${secret}: a file of ./secrets`)
    files[variable] = model.secrets[secret].file
  }
  // The commands the two files' comments give, run in an empty folder, make secrets that work together.
  const dir = mkdtempSync(join(tmpdir(), 'compose-secrets-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const commands = [
    ...documentedCommands('docker-compose.yml', /SMTP URL \(it holds a password\)/, /docker compose up/),
    ...documentedCommands('docker-compose.replicas.yml', /three more secrets/, /A missing file/),
  ]
  t.ok(commands.length >= 5, commands.join('\n'))
  const run = spawnSync('sh', ['-ec', commands.join('\n')], { cwd: dir, encoding: 'utf8' })
  t.equal(run.status, 0, `the documented commands run: ${run.stderr}`)
  const env: Record<string, string> = Object.fromEntries(Object.entries(siteEnvironment).map(([k, v]) => [k, interpolate(v, { SITE_DOMAIN: 'www.example.co.jp' })]))
  for (const [variable, file] of Object.entries(files)) env[variable] = join(dir, file)
  const config = loadConfig(env)
  const password = readFileSync(join(dir, model.secrets.postgres_password.file), 'utf8').trim()
  t.match(password, /^[0-9a-f]{48}$/, 'the PostgreSQL password: letters and digits (it goes into a URL)')
  t.equal(config.databaseUrl, `postgres://site:${password}@postgres:5432/site`, 'DATABASE_URL: the postgres service, with its password')
  t.match(config.contact.formSecret, /^\S{40,}$/, 'every replica signs with the same secret')
  t.equal(config.contact.smtpUrl, '', 'an empty smtp_url: no SMTP yet')
  t.equal(config.trustProxy, base.services.proxy.networks.web.ipv4_address, 'TRUST_PROXY still names the proxy')
  t.equal(config.siteUrl, 'https://www.example.co.jp', 'SITE_URL still follows SITE_DOMAIN')
  // PostgreSQL takes its password from the same file.
  const postgres = model.services.postgres
  t.same(postgres.secrets, ['postgres_password'])
  t.equal(postgres.environment.POSTGRES_PASSWORD_FILE, secretTarget('postgres_password'), 'POSTGRES_PASSWORD_FILE: the mounted secret')
  t.notOk('POSTGRES_PASSWORD' in postgres.environment, 'no password in its environment either')
  for (const file of Object.values(model.secrets).map((s: any) => s.file)) t.ok(existsSync(join(dir, file)), `${file} made by the commands`)
})

t.test('no fixed name or address on a replica, per-replica DATA_DIR, the proxy keeps its address', async (t) => {
  for (const name of replicaNames) {
    const service = model.services[name]
    t.notOk(service.container_name, `${name}: no container_name`)
    t.notOk(service.ports, `${name}: no published port`)
    t.notOk(Object.values(service.networks ?? {}).some((n: any) => n?.ipv4_address), `${name}: no fixed address`)
    const data = service.volumes.filter((v: any) => target(v) === '/data')
    t.ok(data.length === 1 && isMap(data[0]) && data[0].type === 'volume' && !data[0].source, `${name}: DATA_DIR (/data) is an anonymous volume of its own, not the shared site-data`)
    // The content the editor saves: one named volume for all, so a save through one replica reaches the others (CONTENT_SYNC_MS).
    t.same(service.volumes.filter((v: any) => target(v) === '/app/content'), ['site-content:/app/content'], `${name}: CONTENT_DIR is the shared site-content volume`)
  }
  t.ok('site-content' in model.volumes, 'site-content is a named volume of the project')
  t.notOk(environmentOf(site).CONTENT_SYNC_MS, 'CONTENT_SYNC_MS left at its default (500 ms), or to .env')
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
  const url = new URL(documentedCommands('docker-compose.replicas.yml', /three more secrets/, /A missing file/).find((c) => c.includes('postgres://'))!.replace(/^.*'(postgres:\/\/[^']+?)(\\n)?'.*$/, '$1').replace('%s', 'PASSWORD'))
  t.equal(url.username, postgres.environment.POSTGRES_USER, 'DATABASE_URL user = POSTGRES_USER')
  t.equal(url.pathname.slice(1), postgres.environment.POSTGRES_DB, 'DATABASE_URL database = POSTGRES_DB')
  t.equal(`${url.hostname}:${url.port}`, 'postgres:5432', 'the postgres service')
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
  const block = caddyBlock(caddyfile, /^\s*reverse_proxy\b/)
  return { upstreams: block?.args ?? [], directives: block?.directives ?? [] }
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
  const dir = mkdtempSync(join(tmpdir(), 'caddyfile-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  // Without its rate_limit block where the installed caddy lacks that module (test/server/caddyfile.ts).
  const run = spawnSync('caddy', ['adapt', '--config', adaptable('deploy/Caddyfile.replicas', dir), '--adapter', 'caddyfile'], { encoding: 'utf8', env: { ...process.env, SITE_DOMAIN: 'www.example.co.jp' } })
  t.equal(run.status, 0, `caddy adapt: ${run.stderr.slice(-500)}`)
  const handler = findHandler(JSON.parse(run.stdout), 'reverse_proxy')!
  t.same(handler.upstreams, [{ dial: 'site:3000' }, { dial: 'site-2:3000' }, { dial: 'site-3:3000' }], 'three static upstreams')
  t.equal(handler.health_checks?.active?.uri, '/readyz?exclude=database', 'an active health check')
  t.equal(handler.health_checks.active.expect_status, 200)
  t.ok(handler.load_balancing.try_duration > 0, 'retries on another replica')
})
