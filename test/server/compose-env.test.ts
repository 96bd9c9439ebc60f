import t from 'tap'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parse as parseYaml } from 'yaml'
import { loadConfig } from '../../server/config'
import { containerEnv, interpolate, loadModel, parseDotenv, secretTarget, yaml } from './compose'
import { hsts, sameClient, trustingApp } from './trust'

// The README says: copy .env.example to .env. Compose reads that .env twice: for interpolation (every ${VAR}
// of the compose files) and, through env_file, as the container's environment. Here both compose setups are
// rendered with .env.example in place of .env, by compose's own rules (./compose.ts), and the settings the
// container layout fixes must come out as the layout needs them, whatever .env.example says for `npm start`.

t.test('the .env parser and the interpolation follow compose\'s rules', async (t) => {
  const env = parseDotenv(
    [
      '# a comment',
      'PLAIN=value with spaces   ',
      'INLINE=abc # a comment',
      'HASH=abc#not-a-comment',
      'export EXPORTED=yes',
      "SINGLE='literal $PLAIN \\n'",
      'DOUBLE="line\\nbreak ${INLINE}"',
      'REFERENCE=${HASH}-x',
      'ESCAPED=$$HOME',
      'EMPTY=',
      'YAML_STYLE: colon',
    ].join('\n'),
  )
  t.same(env, {
    PLAIN: 'value with spaces',
    INLINE: 'abc',
    HASH: 'abc#not-a-comment',
    EXPORTED: 'yes',
    SINGLE: 'literal $PLAIN \\n',
    DOUBLE: 'line\nbreak abc',
    REFERENCE: 'abc#not-a-comment-x',
    ESCAPED: '$HOME',
    EMPTY: '',
    YAML_STYLE: 'colon',
  })
  t.throws(() => parseDotenv('BAD="unterminated'), /unterminated quoted value/)
  const vars = { SET: 'v', EMPTY: '' }
  t.equal(interpolate('${SET:-d} ${EMPTY:-d} ${UNSET:-d}', vars), 'v d d', ':- : the default when unset or empty')
  t.equal(interpolate('${SET-d} ${EMPTY-d} ${UNSET-d}', vars), 'v  d', '- : the default only when unset')
  t.equal(interpolate('${SET:+x} ${EMPTY:+x} ${EMPTY+x} ${UNSET+x}', vars), 'x  x ', ':+ and +')
  t.equal(interpolate('$SET ${SET} $$SET $${SET}', vars), 'v v $SET ${SET}', '$VAR, ${VAR} and the $$ escape')
  t.equal(interpolate('${UNSET:-https://${SET:-x}}', vars), 'https://v', 'nested defaults')
  t.throws(() => interpolate('${EMPTY:?set it}', vars), /required variable EMPTY is missing a value: set it/, ':? : empty refused')
  t.equal(interpolate('${EMPTY?set it}', vars), '', '? : empty allowed')
  t.throws(() => interpolate('${UNSET?set it}', vars), /UNSET/, '? : unset refused')
  t.throws(() => interpolate('${not valid}', vars), /invalid template/)
})

const dotenvText = readFileSync('.env.example', 'utf8')
const dotenv = parseDotenv(dotenvText)
const compose = yaml('docker-compose.yml')
const proxyAddress: string = compose.services.proxy.networks.web.ipv4_address
const metricsTargets = parseYaml(readFileSync('deploy/prometheus.yml', 'utf8')).scrape_configs.flatMap((c: any) => c.static_configs.flatMap((s: any) => s.targets)) as string[]
/** What the container layout fixes, and the value it needs. */
const LAYOUT: Record<string, string> = {
  NODE_ENV: 'production',
  HOST: '0.0.0.0',
  PORT: '3000',
  DIST_DIR: '/app/dist',
  CONTENT_DIR: '/app/content',
  DATA_DIR: '/data',
  METRICS_HOST: '0.0.0.0',
  METRICS_PORT: metricsTargets[0]!.split(':')[1]!,
  TRUST_PROXY: proxyAddress,
}

t.test('.env.example does set the layout\'s variables, otherwise (made for npm start): the case to guard', async (t) => {
  t.equal(dotenv.TRUST_PROXY, 'false')
  t.equal(dotenv.HOST, '127.0.0.1')
  t.equal(dotenv.DATA_DIR, 'data')
  t.equal(dotenv.METRICS_PORT, '', 'empty: no metrics for npm start')
  t.ok(metricsTargets.length >= 1 && metricsTargets.every((target) => target.endsWith(`:${LAYOUT.METRICS_PORT}`)), `deploy/prometheus.yml scrapes port ${LAYOUT.METRICS_PORT}`)
})

const setups: [string, string[]][] = [
  ['one replica', ['docker-compose.yml']],
  ['several replicas', ['docker-compose.yml', 'docker-compose.replicas.yml']],
]
for (const [label, files] of setups) {
  t.test(`${label}: rendered with .env.example as .env, the layout's settings stand and the site trusts the bundled proxy`, async (t) => {
    const model = loadModel(files, dotenv)
    const replicas = Object.keys(model.services).filter((name) => model.services[name].image === model.services.site.image)
    t.ok(replicas.length >= 1, replicas.join(', '))
    const dir = mkdtempSync(join(tmpdir(), 'compose-env-'))
    t.teardown(() => rmSync(dir, { recursive: true, force: true }))
    for (const name of replicas) {
      const env = containerEnv(model.services[name], { '.env': dotenvText })
      for (const [variable, value] of Object.entries(LAYOUT)) t.equal(env[variable], value, `${name}: ${variable}=${value}`)
      t.equal(model.services.proxy.networks.web.ipv4_address, proxyAddress, 'the proxy keeps the address TRUST_PROXY names')
      // The container's view of its secrets: each X_FILE a mounted secret, here a file of a temporary folder.
      const secrets = new Map((model.services[name].secrets ?? []).map((s: any) => [secretTarget(s), typeof s === 'string' ? s : s.source]))
      for (const [variable, path] of Object.entries(env)) {
        if (!variable.endsWith('_FILE') || !path) continue
        t.ok(secrets.has(path), `${name}: ${variable}=${path} is a mounted secret`)
        const local = join(dir, String(secrets.get(path)))
        writeFileSync(local, variable === 'DATABASE_URL_FILE' ? 'postgres://site:0123abcd@postgres:5432/site\n' : variable === 'FORM_SECRET_FILE' ? 'a-form-secret-of-32-characters-x\n' : '')
        env[variable] = local
      }
      const config = loadConfig(env)
      t.equal(config.trustProxy, proxyAddress, `${name}: TRUST_PROXY is the proxy's address, not .env.example's "false"`)
      t.equal(config.host, '0.0.0.0')
      t.equal(config.metricsPort, Number(LAYOUT.METRICS_PORT), 'metrics on, where Prometheus scrapes')
      t.equal(config.siteUrl, 'https://localhost', 'SITE_URL empty in .env.example: the default from SITE_DOMAIN')
    }
    // And what that trust does, through the real app: a visitor's HTTPS request through Caddy gets HSTS, and two
    // visitors get two rate-limit budgets; the same headers from any other address on the network are not believed.
    const config = loadConfig({ TRUST_PROXY: containerEnv(model.services.site, { '.env': dotenvText }).TRUST_PROXY! })
    const app = await trustingApp(t, config.trustProxy)
    t.ok(await hsts(app, { remoteAddress: proxyAddress, forwardedProto: 'https', forwardedFor: '198.51.100.7' }), 'HTTPS through the proxy: HSTS')
    t.notOk(await hsts(app, { remoteAddress: '172.30.80.9', forwardedProto: 'https', forwardedFor: '198.51.100.7' }), 'from another container: not believed')
    t.notOk(
      await sameClient(app, { remoteAddress: proxyAddress, forwardedFor: '198.51.100.1' }, { remoteAddress: proxyAddress, forwardedFor: '198.51.100.2' }),
      'two visitors through the proxy: two budgets, not one for the whole world',
    )
  })
}

t.test('the layout\'s settings are written literally in the compose files, never interpolated', async (t) => {
  for (const file of ['docker-compose.yml', 'docker-compose.replicas.yml']) {
    const doc = yaml(file)
    const environments = [doc['x-replica']?.environment, ...Object.values(doc.services).map((s: any) => s.environment)].filter(Boolean)
    for (const environment of environments) {
      for (const [name, value] of Object.entries(environment)) {
        if (name in LAYOUT || name.endsWith('_FILE') || name.startsWith('SHUTDOWN_')) t.notMatch(String(value), /\$/, `${file}: ${name} is literal (${value})`)
      }
    }
  }
  // Whatever .env says, then: even a .env that sets every one of them differently changes nothing.
  const hostile = Object.fromEntries(Object.keys(LAYOUT).map((k) => [k, k.endsWith('PORT') ? '1' : 'x']))
  const env = containerEnv(loadModel(['docker-compose.yml'], hostile).services.site, { '.env': Object.entries(hostile).map(([k, v]) => `${k}=${v}`).join('\n') })
  for (const [name, value] of Object.entries(LAYOUT)) t.equal(env[name], value, `${name} stays ${value}`)
})

t.test('the files need Docker Compose 2.24.0 or later, and say so', async (t) => {
  // env_file entries with `required:` came with Compose 2.24.0 (compose-go 2.0); older releases refuse the file.
  const model = loadModel(['docker-compose.yml', 'docker-compose.replicas.yml'])
  const longEnvFile = Object.values(model.services).some((s: any) => (s.env_file ?? []).some((e: any) => typeof e === 'object' && 'required' in e))
  t.ok(longEnvFile, 'env_file with required: is used')
  for (const file of ['docker-compose.yml', 'docker-compose.replicas.yml']) t.match(readFileSync(file, 'utf8'), /^# .*Docker Compose 2\.24\.0 or later/m, `${file} names the version`)
  t.match(readFileSync('docs/configuration.md', 'utf8'), /Docker Compose 2\.24\.0 or later/, 'docs/configuration.md too')
})
