import t from 'tap'
import { readFileSync } from 'node:fs'
import { DockerfileParser } from 'dockerfile-ast'
import { parse as parseYaml } from 'yaml'
import { interpolate } from './compose'
import { runtimeEnv, runtimeInstructions } from './image-env'

const dockerfile = DockerfileParser.parse(readFileSync('Dockerfile', 'utf8'))
const froms = dockerfile.getFROMs()
const instructions = dockerfile.getInstructions()

t.test('multi-stage: deps (production), build (dev), runtime', async (t) => {
  t.same(froms.map((f) => f.getBuildStage()), ['deps', 'build', 'runtime'])
  const arg = dockerfile.getARGs()[0]
  t.match(arg?.getProperty()?.getValue(), /^node:\d+\.\d+\.\d+-bookworm-slim$/, 'base image pinned to an exact Node LTS version')
  const runs = instructions.filter((i) => i.getKeyword() === 'RUN').map((i) => i.getTextContent())
  t.ok(runs.some((r) => /npm ci --omit=dev/.test(r)), 'production-only install')
  t.ok(runs.some((r) => /npm run build/.test(r)), 'build with dev dependencies')
})

t.test('runtime stage: non-root, tini, healthcheck, data volume, no dev dependency copied', async (t) => {
  const start = froms[2]!.getRange().start.line
  const runtime = instructions.filter((i) => i.getRange().start.line >= start)
  const keyword = (k: string) => runtime.filter((i) => i.getKeyword() === k)
  t.same(keyword('USER').map((u) => u.getArguments().map((a) => a.getValue()).join(' ')), ['node'], 'runs as the node user')
  t.match(keyword('ENTRYPOINT')[0]?.getTextContent(), /tini/, 'tini is PID 1 and forwards signals')
  t.match(keyword('HEALTHCHECK')[0]?.getTextContent(), /\/healthz/)
  t.match(keyword('VOLUME')[0]?.getTextContent(), /\/data/)
  t.match(keyword('CMD')[0]?.getTextContent(), /dist\/server\/index\.js/)
  // The image runs Node exactly as `npm start` does (the benchmarks read the flags from there too).
  const cmd = JSON.parse(keyword('CMD')[0]!.getTextContent().replace(/^CMD\s+/, '')) as string[]
  const npmStart = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start
  // npm start begins with `exec` (node replaces npm's shell and gets the stop signal); the image has no shell there.
  t.same(cmd, npmStart.replace(/^exec\s+/, '').split(/\s+/), 'CMD = npm start')
  t.ok(cmd.some((a) => a.startsWith('--max-old-space-size=')), 'bounded heap (RSS goal)')
  const copies = keyword('COPY').map((c) => c.getTextContent())
  t.ok(copies.some((c) => /--from=deps .*node_modules/.test(c)), 'node_modules from the production-only stage')
  t.notOk(copies.some((c) => /--from=build .*node_modules/.test(c)), 'never the build stage node_modules')
  t.notOk(keyword('RUN').some((r) => /npm (ci|install)(?!.*--omit=dev)/.test(r.getTextContent())), 'no full install in the runtime stage')
  const env = keyword('ENV').map((e) => e.getTextContent()).join(' ')
  t.match(env, /DATA_DIR=\/data/)
  t.match(env, /HOST=0\.0\.0\.0/)
})

t.test('runtime stage: jemalloc is the memory allocator (docs/decisions/0010-memory-allocator.md)', async (t) => {
  const runtime = runtimeInstructions()
  const env = runtimeEnv()
  t.equal(env.LD_PRELOAD, '/usr/local/lib/libjemalloc.so.2', 'every process of the image preloads jemalloc, at a path the same on every architecture')
  const install = runtime.find((i) => i.getKeyword() === 'RUN' && /apt-get install [^&]*\blibjemalloc2\b/.test(i.getTextContent()))
  t.ok(install, 'Debian\'s libjemalloc2 is installed in the runtime stage')
  const link = /ln -s "\$\(dpkg -L libjemalloc2 \| grep '([^']+)'\)" (\S+)/.exec(install?.getTextContent() ?? '')
  t.equal(link?.[2], env.LD_PRELOAD, 'the preloaded path is a link made to the package\'s library')
  t.ok(link && new RegExp(link[1]!).test('/usr/lib/x86_64-linux-gnu/libjemalloc.so.2') && new RegExp(link[1]!).test('/usr/lib/aarch64-linux-gnu/libjemalloc.so.2'), 'found on amd64 and arm64 alike')
  const envLine = runtime.find((i) => i.getKeyword() === 'ENV' && /LD_PRELOAD/.test(i.getTextContent()))!
  t.ok(envLine.getRange().start.line > install!.getRange().start.line, 'set after the install: apt-get itself does not run with a library not there yet')
  t.notOk('MALLOC_ARENA_MAX' in env, 'no glibc arena setting: glibc\'s malloc is not used')
  const compose = parseYaml(readFileSync('docker-compose.yml', 'utf8'))
  t.notOk('LD_PRELOAD' in compose.services.site.environment, 'compose keeps the image\'s preload')
})

t.test('compose: site behind a reverse proxy, named data volume, restart policies, health-based start', async (t) => {
  const compose = parseYaml(readFileSync('docker-compose.yml', 'utf8'))
  const { site, proxy } = compose.services
  t.equal(site.restart, 'unless-stopped')
  t.equal(proxy.restart, 'unless-stopped')
  t.ok(site.volumes.includes('site-data:/data'), 'named volume for data')
  t.ok('site-data' in compose.volumes)
  t.equal(site.read_only, true, 'only DATA_DIR (a volume) is writable')
  t.same(proxy.depends_on, { site: { condition: 'service_healthy' } })
  t.ok(proxy.ports.includes('443:443'), 'TLS-ready')
  t.notOk(site.ports, 'the site is reachable only through the proxy')
  const caddy = readFileSync('deploy/Caddyfile', 'utf8')
  t.match(caddy, /reverse_proxy site:3000/)
  // The public origin follows the proxy's domain: with only SITE_DOMAIN set, canonical URLs are not localhost.
  const domain = /^\{\$SITE_DOMAIN:([^}]+)\}/m.exec(caddy)?.[1]
  t.equal(domain, 'localhost', 'the Caddyfile serves SITE_DOMAIN, localhost by default')
  t.equal(interpolate(site.environment.SITE_URL, { SITE_DOMAIN: 'www.example.co.jp' }), 'https://www.example.co.jp', 'SITE_URL from SITE_DOMAIN')
  t.equal(interpolate(proxy.environment.SITE_DOMAIN, { SITE_DOMAIN: 'www.example.co.jp' }), 'www.example.co.jp')
  t.equal(interpolate(site.environment.SITE_URL, {}), `https://${interpolate(proxy.environment.SITE_DOMAIN, {})}`, 'neither set: the proxy\'s default domain')
  t.equal(interpolate(site.environment.SITE_URL, { SITE_DOMAIN: 'www.example.co.jp', SITE_URL: 'https://example.co.jp' }), 'https://example.co.jp', 'an explicit SITE_URL wins')
})

t.test('content: the node user\'s folder in the image, a named volume in compose (seeded from the image, written by the editor)', async (t) => {
  const runtime = runtimeInstructions()
  const copy = runtime.find((i) => i.getKeyword() === 'COPY' && /\scontent\s+\.\/content$/.test(i.getTextContent()))
  t.match(copy?.getTextContent(), /--chown=node:node/, 'the sample content belongs to the node user (uid 1000), who runs the server')
  const mkdir = runtime.find((i) => i.getKeyword() === 'RUN' && /chown node:node[^&]*\/app\/content/.test(i.getTextContent()))
  t.ok(mkdir, 'the folder itself too (a volume mounted there is seeded with its owner)')
  t.match(runtimeEnv().CONTENT_DIR, '/app/content')
  const compose = parseYaml(readFileSync('docker-compose.yml', 'utf8'))
  const { site } = compose.services
  t.ok(site.volumes.includes('site-content:/app/content'), 'CONTENT_DIR is the named volume site-content')
  t.ok('site-content' in compose.volumes)
  t.equal(site.read_only, true, 'the rest of the file system stays read-only')
  t.notOk(site.volumes.some((v: string) => /:\/app\/content:ro$/.test(v)), 'no read-only content mount')
})

t.test('compose: the site runs with least privilege and limits that agree with the heap', async (t) => {
  const compose = parseYaml(readFileSync('docker-compose.yml', 'utf8'))
  const { site, proxy } = compose.services
  t.same(site.cap_drop, ['ALL'], 'no Linux capabilities')
  t.ok(site.security_opt.includes('no-new-privileges:true'), 'no privilege gains')
  const heapMb = Number(/--max-old-space-size=(\d+)/.exec(readFileSync('Dockerfile', 'utf8'))?.[1])
  const memMb = Number(/^(\d+)m$/.exec(site.mem_limit)?.[1])
  t.ok(memMb >= heapMb * 1.5 && memMb <= heapMb * 3, `memory limit ${memMb} MB fits a ${heapMb} MB heap with room, not more`)
  t.equal(site.memswap_limit, site.mem_limit, 'no swap beyond the limit')
  t.ok(site.pids_limit >= 32 && site.pids_limit <= 512, 'a process limit')
  // TRUST_PROXY names exactly the bundled proxy: nothing else on the network can forge X-Forwarded-*.
  const proxyAddress = proxy.networks.web.ipv4_address
  t.equal(interpolate(site.environment.TRUST_PROXY, {}), proxyAddress, 'the narrowest trust: the proxy\'s address')
  const subnet = compose.networks.web.ipam.config[0].subnet as string
  t.ok(proxyAddress.startsWith(subnet.split('.').slice(0, 3).join('.') + '.'), 'the address is in the network')
  t.ok(site.networks.includes('web'), 'the site is on the same network')
})

t.test('compose: settings from .env, an image per version with labels, rotated logs', async (t) => {
  const compose = parseYaml(readFileSync('docker-compose.yml', 'utf8'))
  const { site } = compose.services
  t.same(site.env_file, [{ path: '.env', required: false }], 'every setting of .env reaches the site; no .env is fine')
  // environment wins over env_file: a .env written for npm start must not move the container's address or folders.
  t.same(
    { HOST: site.environment.HOST, DIST_DIR: site.environment.DIST_DIR, CONTENT_DIR: site.environment.CONTENT_DIR, DATA_DIR: site.environment.DATA_DIR },
    { HOST: '0.0.0.0', DIST_DIR: '/app/dist', CONTENT_DIR: '/app/content', DATA_DIR: '/data' },
  )
  t.ok(site.volumes.includes('site-data:/data'), 'DATA_DIR is the volume')
  const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version
  t.equal(interpolate(site.image, {}), `corporate-site:${version}`, 'the image is tagged with the package version')
  t.equal(interpolate(site.image, { SITE_VERSION: '0.0.9' }), 'corporate-site:0.0.9', 'an older version can be named to roll back')
  t.equal(interpolate(site.build.args.VERSION, {}), version, 'the version label agrees')
  t.same(site.logging, { driver: 'json-file', options: { 'max-size': '10m', 'max-file': '5' } }, 'log rotation')
  const labels = instructions.filter((i) => i.getKeyword() === 'LABEL').map((i) => i.getTextContent()).join(' ')
  t.match(labels, /org\.opencontainers\.image\.version="\$\{VERSION\}"/)
  t.match(labels, /org\.opencontainers\.image\.revision="\$\{REVISION\}"/)
})
