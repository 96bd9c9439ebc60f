// The proxy's limit on the staff area: every shipped Caddyfile (and the one docs/operations.md gives for a
// single host) limits /admin and everything under it per client address with the same rate_limit block, and the
// compose files run the Caddy that has that module (deploy/caddy/Dockerfile). Parsed here; where the installed caddy
// has the module the block is adapted too, else (Debian's) the rest of each file is (test/server/caddyfile.ts).
import t from 'tap'
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DockerfileParser } from 'dockerfile-ast'
import { adaptable, caddyHasRateLimit, findHandler, rateLimit, withoutRateLimit } from './caddyfile'
import { loadModel } from './compose'

const CADDYFILES = ['deploy/Caddyfile', 'deploy/Caddyfile.replicas', 'deploy/Caddyfile.host-replicas']
/** The Caddyfile docs/operations.md gives for Caddy in front of one replica on a host. */
const documented = /```caddyfile\n([\s\S]*?)```/.exec(readFileSync('docs/operations.md', 'utf8'))?.[1] ?? ''
const caddyMissing = Boolean(spawnSync('caddy', ['version'], { encoding: 'utf8' }).error)

t.test('every Caddyfile limits /admin and below per client address, with the same block', async (t) => {
  const blocks = [...CADDYFILES.map((f) => [f, readFileSync(f, 'utf8')]), ['docs/operations.md', documented]] as [string, string][]
  const first = rateLimit(blocks[0]![1])
  const zone = first[0]?.split(' > ')[0] ?? ''
  t.match(zone, /^zone \w+$/, 'one zone')
  t.same(first.filter((d) => !d.startsWith(`${zone} > `)), [], 'nothing but the zone')
  t.ok(first.includes(`${zone} > match > path /admin /admin/*`), 'the staff area: /admin itself and every path under it')
  t.ok(first.includes(`${zone} > key {remote_host}`), 'counted per client address (Caddy is the edge: the connection\'s peer)')
  const events = Number(/> events (\d+)$/.exec(first.find((d) => d.includes('> events ')) ?? '')?.[1])
  const window = /> window (\d+)([sm])$/.exec(first.find((d) => d.includes('> window ')) ?? '')
  t.ok(events > 0 && window, `${events} requests per ${window?.[1]}${window?.[2]}`)
  const perMinute = events / (Number(window?.[1]) / (window?.[2] === 's' ? 60 : 1))
  t.ok(perMinute >= 60 && perMinute <= 600, `${perMinute} a minute: room for a few staff behind one office address, not for a flood`)
  for (const [file, text] of blocks) {
    t.same(rateLimit(text), first, `${file}: the same block`)
    const site = text.replace(/#.*$/gm, '')
    const opens = site.indexOf('{$SITE_DOMAIN:localhost} {') === -1 ? site.indexOf('www.example.co.jp {') : site.indexOf('{$SITE_DOMAIN:localhost} {')
    t.ok(opens !== -1 && opens < site.indexOf('rate_limit {') && site.indexOf('rate_limit {') < site.indexOf('reverse_proxy'), `${file}: in the site block, before the proxying`)
  }
})

t.test('the compose files run a Caddy built with the rate_limit module', async (t) => {
  const dockerfile = 'deploy/caddy/Dockerfile'
  t.ok(existsSync(dockerfile))
  const parsed = DockerfileParser.parse(readFileSync(dockerfile, 'utf8'))
  const version = parsed.getARGs().find((a) => a.getProperty()?.getName() === 'CADDY_VERSION')?.getProperty()?.getValue() ?? ''
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number]
  t.ok(major === 2 && (minor > 11 || (minor === 11 && patch >= 2)), `Caddy ${version}: 2.11.2 or later (a POST's retry, caddyserver/caddy#7546)`)
  const froms = parsed.getFROMs().map((f) => f.getImageName() + ':' + f.getImageTag())
  t.same(froms, ['caddy:${CADDY_VERSION}-builder-alpine', 'caddy:${CADDY_VERSION}-alpine'], "the official builder, then the official image, of the same version")
  const build = parsed.getFROMs()[0]!.getBuildStage()
  const runs = parsed.getInstructions().filter((i) => i.getKeyword() === 'RUN').map((i) => i.getTextContent())
  t.ok(runs.some((r) => /xcaddy build --with github\.com\/mholt\/caddy-ratelimit@[0-9a-f]{40}\b/.test(r)), 'xcaddy builds it with the module, at a fixed commit')
  t.ok(runs.some((r) => /caddy list-modules \| grep -qx 'http\.handlers\.rate_limit'/.test(r)), 'the image checks it has the handler')
  const copies = parsed.getInstructions().filter((i) => i.getKeyword() === 'COPY').map((i) => i.getTextContent())
  t.same(copies, [`COPY --from=${build} /usr/bin/caddy /usr/bin/caddy`], 'the built binary replaces the official one')

  for (const files of [['docker-compose.yml'], ['docker-compose.yml', 'docker-compose.replicas.yml']]) {
    const proxy = loadModel(files).services.proxy
    t.equal(proxy.build, './deploy/caddy', `${files.join(' + ')}: the proxy is built from deploy/caddy`)
    t.equal(proxy.image, `corporate-site-caddy:${version}`, `${files.join(' + ')}: tagged with the Caddy version it builds`)
  }
  const mounts = [loadModel(['docker-compose.yml']), loadModel(['docker-compose.yml', 'docker-compose.replicas.yml'])].map((m) => m.services.proxy.volumes.find((v: string) => v.endsWith(':/etc/caddy/Caddyfile:ro')))
  t.same(mounts, ['./deploy/Caddyfile:/etc/caddy/Caddyfile:ro', './deploy/Caddyfile.replicas:/etc/caddy/Caddyfile:ro'], 'each with a Caddyfile that has the block')
})

t.test('caddy adapts each Caddyfile: with the limit where it has the module, else the rest of the file', { skip: caddyMissing && 'caddy is not installed' }, async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'caddy-limit-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const withModule = caddyHasRateLimit()
  if (!withModule) t.comment('the installed caddy has no rate_limit module (Debian\'s): the block is left out here')
  for (const file of CADDYFILES) {
    const text = readFileSync(file, 'utf8')
    const stripped = withoutRateLimit(text)
    t.notMatch(stripped, /rate_limit/, `${file}: the block and its comment can be left out`)
    t.equal(stripped.split('\n').length, text.split('\n').length - 13, 'its 10 lines and 3 of comment, nothing else')
    const run = spawnSync('caddy', ['adapt', '--config', adaptable(file, dir), '--adapter', 'caddyfile'], { encoding: 'utf8', env: { ...process.env, SITE_DOMAIN: 'www.example.co.jp' } })
    t.equal(run.status, 0, `${file}: ${run.stderr.slice(-300)}`)
    const limit = findHandler(JSON.parse(run.stdout), 'rate_limit')
    if (withModule) t.match(limit?.rate_limits?.staff, { key: '{http.request.remote.host}', match: [{ path: ['/admin', '/admin/*'] }] }, `${file}: the handler`)
    else t.equal(limit, undefined)
  }
})
