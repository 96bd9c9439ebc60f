import t from 'tap'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DockerfileParser } from 'dockerfile-ast'
import { KUBERNETES_MODELS } from './kubernetes-models'
import { parseAllDocuments, parse as parseYaml } from 'yaml'
import { ENV_VARIABLES, loadConfig } from '../../server/config'
import { SECRET_FILE_VARIABLES, SECRET_VARIABLES } from '../../server/config-secrets'
import { build } from '../helper'
import { containerEnv, loadModel } from './compose'
import { sameClient, trustingApp } from './trust'

// deploy/kubernetes: every manifest is valid against the Kubernetes schemas (kubernetes-models), the
// kustomization lists them, and the manifests agree with the server (routes, ports, variables,
// shutdown timing), the Dockerfile (user), the compose files and the heap cap (memory). The content volume,
// its seeding and the one-pod overlay, on the kustomize renderings: kubernetes-content.test.ts.

const DIR = 'deploy/kubernetes'
const SECRET_EXAMPLE = 'secret.example.yaml'

interface Manifest {
  file: string
  doc: any
}

const files = readdirSync(DIR).filter((f) => /\.ya?ml$/.test(f)).sort()
const manifests: Manifest[] = []
for (const file of files.filter((f) => f !== 'kustomization.yaml')) {
  for (const document of parseAllDocuments(readFileSync(join(DIR, file), 'utf8'))) {
    if (document.errors.length) throw new Error(`${file}: ${document.errors.map((e) => e.message).join('; ')}`)
    const doc = document.toJS()
    if (doc !== null) manifests.push({ file, doc })
  }
}
const ofKind = (kind: string, file?: string) => manifests.filter((m) => m.doc.kind === kind && (!file || m.file === file))
const one = (kind: string, file?: string) => {
  const found = ofKind(kind, file)
  if (found.length !== 1) throw new Error(`expected one ${kind}${file ? ` in ${file}` : ''}, found ${found.length}`)
  return found[0]!.doc
}
const deployment = one('Deployment')
const podSpec = deployment.spec.template.spec
const container = podSpec.containers.find((c: any) => c.name === 'site') ?? podSpec.containers[0]
const configMap = one('ConfigMap')
const secretExample = one('Secret', SECRET_EXAMPLE)
/** The variables the Deployment sets itself (win over envFrom). */
const fixedEnv: Record<string, string> = Object.fromEntries((container.env ?? []).map((e: any) => [e.name, e.value]))
/** The Secret volume's mount: where its keys are files in the container. */
const secretVolume = podSpec.volumes.find((v: any) => v.secret?.secretName === secretExample.metadata.name)
const secretMount = container.volumeMounts.find((m: any) => m.name === secretVolume?.name)
/** The example Secret's keys written as files, as the kubelet mounts them (a temporary folder for the mount path). */
const secretDir = mkdtempSync(join(tmpdir(), 'k8s-secret-'))
t.teardown(() => rmSync(secretDir, { recursive: true, force: true }))
for (const [key, value] of Object.entries(secretExample.stringData as Record<string, string>)) writeFileSync(join(secretDir, key), value)
const inPod = (path: string) => (secretMount && path.startsWith(`${secretMount.mountPath}/`) ? join(secretDir, path.slice(secretMount.mountPath.length + 1)) : path)
/** What the server sees in a pod: the ConfigMap, then the Deployment's own env (its *_FILE paths mapped to the files above). */
const podEnv: Record<string, string> = Object.fromEntries(Object.entries({ ...configMap.data, ...fixedEnv }).map(([k, v]) => [k, k.endsWith('_FILE') ? inPod(String(v)) : String(v)]))
const ms = (name: string) => Number(podEnv[name])

t.test('every document is a known kind and valid against the Kubernetes schema', async (t) => {
  t.ok(manifests.length >= 8, `${manifests.length} documents in ${DIR}`)
  for (const { file, doc } of manifests) {
    const model = KUBERNETES_MODELS[`${doc.apiVersion}/${doc.kind}`]
    if (!t.ok(model, `${file}: ${doc.apiVersion} ${doc.kind} is a kind this test validates`)) continue
    t.doesNotThrow(() => new model!(doc).validate(), `${file}: ${doc.kind} ${doc.metadata?.name} is valid`)
    t.match(doc.metadata?.name, /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/, `${file}: a DNS-label name`)
  }
})

t.test('kustomization.yaml lists every manifest but the Secret example, and each one it lists exists', async (t) => {
  const kustomization = parseYaml(readFileSync(join(DIR, 'kustomization.yaml'), 'utf8'))
  t.equal(kustomization.kind, 'Kustomization')
  const listed: string[] = kustomization.resources
  for (const file of listed) t.ok(existsSync(join(DIR, file)), `${file} exists`)
  t.same([...listed].sort(), files.filter((f) => f !== 'kustomization.yaml' && f !== SECRET_EXAMPLE), 'every manifest file, once')
  t.notOk(listed.includes(SECRET_EXAMPLE), 'the example Secret (placeholders) is never applied')
  t.match(readFileSync(join(DIR, SECRET_EXAMPLE), 'utf8'), /kubectl create secret generic corporate-site/, 'the example says how to create the real one')
  const image = kustomization.images?.find((i: any) => i.name === container.image.split(':')[0])
  if (image) t.equal(`${image.name}:${image.newTag}`, container.image, 'the kustomization image tag agrees with the Deployment')
})

t.test('labels and names tie the objects together', async (t) => {
  const labels = deployment.spec.template.metadata.labels
  t.same(deployment.spec.selector.matchLabels, labels, 'the Deployment selects its own pods')
  const service = one('Service')
  t.same(service.spec.selector, labels, 'the Service selects the pods')
  t.same(one('PodDisruptionBudget').spec.selector.matchLabels, labels, 'the budget covers the pods')
  const portNames = container.ports.map((p: any) => p.name)
  const servicePort = service.spec.ports.find((p: any) => p.port === 80)
  t.ok(servicePort && portNames.includes(servicePort.targetPort), 'Service port 80 -> the container port "http"')
  t.notOk(service.spec.ports.some((p: any) => p.targetPort === 'metrics' || p.targetPort === ms('METRICS_PORT')), 'metrics are not in the Service')
  const ingress = one('Ingress')
  const backend = ingress.spec.rules[0].http.paths[0].backend.service
  t.equal(backend.name, service.metadata.name, 'the Ingress routes to the Service')
  t.ok(backend.port.name === servicePort?.name || backend.port.number === servicePort?.port, 'on its http port')
  t.ok(ingress.spec.tls?.[0]?.secretName, 'TLS with a certificate Secret')
  t.same(ingress.spec.tls[0].hosts, [ingress.spec.rules[0].host], 'the certificate is for the routed host')
  t.equal(podEnv.SITE_URL, `https://${ingress.spec.rules[0].host}`, 'SITE_URL is the Ingress host over HTTPS')
  for (const ref of container.envFrom) {
    const name = ref.configMapRef?.name ?? ref.secretRef?.name
    t.equal(name, ref.configMapRef ? configMap.metadata.name : secretExample.metadata.name, `envFrom ${name} is the ConfigMap / Secret here`)
  }
})

t.test('the probes ask routes the server has', async (t) => {
  const probes = { startupProbe: container.startupProbe, readinessProbe: container.readinessProbe, livenessProbe: container.livenessProbe }
  t.equal(probes.readinessProbe?.httpGet?.path, '/readyz', 'readiness: /readyz')
  t.equal(probes.livenessProbe?.httpGet?.path, '/healthz', 'liveness: /healthz (never the database: a database outage must not restart pods)')
  const app = await build(t)
  for (const [name, probe] of Object.entries(probes)) {
    if (!probe) continue
    t.equal(probe.httpGet.port, 'http', `${name} on the http port`)
    const res = await app.inject({ method: 'GET', url: probe.httpGet.path })
    t.equal(res.statusCode, 200, `${name}: GET ${probe.httpGet.path} answers 200 on a ready app`)
  }
  const live = probes.livenessProbe
  t.ok(live.periodSeconds * live.failureThreshold >= 30, `liveness tolerates ${live.periodSeconds * live.failureThreshold} s of failures (load shedding answers 503)`)
  t.ok(live.timeoutSeconds >= 2, 'liveness timeout above a slow moment')
  const start = probes.startupProbe
  if (start) t.ok(start.periodSeconds * start.failureThreshold >= 30, 'a start may take 30 s or more')
})

t.test('container ports and the fixed variables agree with the server and the compose file', async (t) => {
  const port = (name: string) => container.ports.find((p: any) => p.name === name)?.containerPort
  t.equal(port('http'), ms('PORT'), 'containerPort "http" = PORT')
  t.equal(port('metrics'), ms('METRICS_PORT'), 'containerPort "metrics" = METRICS_PORT')
  t.equal(fixedEnv.METRICS_HOST, '0.0.0.0', 'metrics reachable from the scraper')
  const annotations = deployment.spec.template.metadata.annotations ?? {}
  if (annotations['prometheus.io/port']) t.equal(Number(annotations['prometheus.io/port']), ms('METRICS_PORT'), 'the scrape annotation names the metrics port')
  // The same values docker-compose.yml pins (what the image's layout fixes), set in the Deployment itself.
  const compose = parseYaml(readFileSync('docker-compose.yml', 'utf8'))
  for (const name of ['NODE_ENV', 'HOST', 'PORT', 'DIST_DIR', 'CONTENT_DIR', 'DATA_DIR', 'METRICS_HOST']) {
    t.equal(fixedEnv[name], String(compose.services.site.environment[name]), `${name} as in docker-compose.yml`)
  }
  t.equal(fixedEnv.METRICS_PORT, String(compose.services.site.environment.METRICS_PORT).replace(/^\$\{METRICS_PORT:-(\d+)\}$/, '$1'), 'METRICS_PORT as compose\'s default')
  t.notOk(Object.keys(configMap.data).some((k) => k in fixedEnv), 'the ConfigMap does not set what the Deployment fixes (it would be ignored)')
})

t.test('the pods notice a save made through another pod as the compose replicas do: the marker, polled', async (t) => {
  // The compose replicas share one content volume too (docker-compose.replicas.yml); what they run with, with
  // .env.example as .env or with no .env at all, is what the ConfigMap sets.
  const contentSettings = (env: Record<string, string | undefined>) => {
    const { contentDir, contentSyncMs, contentWatch } = loadConfig(Object.fromEntries(['CONTENT_DIR', 'CONTENT_SYNC_MS', 'CONTENT_WATCH'].filter((k) => env[k] !== undefined).map((k) => [k, env[k]!])))
    return { contentDir, contentSyncMs, contentWatch }
  }
  const pod = contentSettings(podEnv)
  t.same(pod, { contentDir: '/app/content', contentSyncMs: 500, contentWatch: false }, 'the marker looked at every 500 ms; no inotify (blind to writes from other nodes)')
  t.same([configMap.data.CONTENT_SYNC_MS, configMap.data.CONTENT_WATCH], ['500', 'false'], 'written out in the ConfigMap, where an operator finds them')
  const model = loadModel(['docker-compose.yml', 'docker-compose.replicas.yml'])
  const replicas = Object.keys(model.services).filter((name) => model.services[name].image === model.services.site.image)
  t.same(replicas, ['site', 'site-2', 'site-3'], 'the compose replicas')
  for (const [label, files] of [['.env.example as .env', { '.env': readFileSync('.env.example', 'utf8') }], ['no .env', {}]] as const) {
    for (const name of replicas) t.same(contentSettings(containerEnv(model.services[name], files)), pod, `compose ${name} (${label}): the same settings`)
  }
})

t.test('every variable set is one the server reads, and the pod\'s environment is a valid configuration', async (t) => {
  const sets: [string, string[]][] = [
    ['Deployment env', Object.keys(fixedEnv)],
    ['ConfigMap', Object.keys(configMap.data)],
  ]
  for (const [where, names] of sets) {
    for (const name of names) t.ok(ENV_VARIABLES.includes(name), `${where}: ${name} is a setting of server/config.ts`)
  }
  t.notOk(secretExample.data, 'stringData only (readable placeholders)')
  const config = loadConfig(podEnv)
  t.match(config.databaseUrl, /^postgres:\/\//, 'inquiries in PostgreSQL')
  t.match(config.redisUrl, /^redis:\/\//, 'rate limit in Redis')
  t.match(config.contact.smtpUrl, /^smtps?:\/\//, 'SMTP')
  t.ok(config.contact.formSecret, 'the shared form secret')
  t.ok(config.shutdownDelayMs > 0, 'a shutdown delay behind the load balancer')
  t.not(config.trustProxy, false, 'forwarded headers from the ingress are believed')
  t.equal(podSpec.enableServiceLinks, false, 'no injected {SERVICE}_PORT variables (REDIS_PORT, METRICS_PORT…)')
})

t.test('secrets are files of a mounted Secret, never environment variables', async (t) => {
  t.notOk((container.envFrom ?? []).some((ref: any) => ref.secretRef), 'no envFrom secretRef')
  t.notOk((container.env ?? []).some((e: any) => e.valueFrom?.secretKeyRef), 'no env from a secretKeyRef')
  for (const name of SECRET_VARIABLES) {
    t.notOk(name in fixedEnv || name in configMap.data, `${name}: no value in the env or the ConfigMap`)
  }
  t.ok(secretVolume, 'the Secret is a volume')
  t.equal(secretMount?.readOnly, true, 'mounted read-only')
  t.equal((secretVolume.secret.defaultMode ?? 0o644) & 0o007, 0, `files not readable by others (mode ${(secretVolume.secret.defaultMode ?? 0o644).toString(8)})`)
  t.equal(secretVolume.secret.defaultMode & 0o040, 0o040, 'readable by the pod\'s group (fsGroup)')
  t.equal(podSpec.securityContext.fsGroup, podSpec.securityContext.runAsGroup, 'fsGroup is the site\'s group')
  const keys = Object.keys(secretExample.stringData).sort()
  const named = Object.entries(fixedEnv).filter(([k]) => SECRET_FILE_VARIABLES.includes(k))
  t.same(named.map(([k]) => k).sort(), ['DATABASE_URL_FILE', 'FORM_SECRET_FILE', 'REDIS_URL_FILE', 'SMTP_URL_FILE'], 'the four settings the pods need, as files')
  t.same(named.map(([, path]) => path.slice(secretMount.mountPath.length + 1)).sort(), keys, 'each names a key of the Secret, under its mount')
  const created = readFileSync(join(DIR, SECRET_EXAMPLE), 'utf8')
  for (const key of keys) t.match(created, new RegExp(`--from-literal=${key}=`), `the kubectl command creates ${key}`)
})

t.test('the ingress controller alone reaches the site\'s port, Prometheus alone the metrics port, and only the controller is believed', async (t) => {
  const policy = one('NetworkPolicy')
  t.same(policy.spec.podSelector.matchLabels, deployment.spec.template.metadata.labels, 'the policy selects the site\'s pods')
  t.ok(policy.spec.policyTypes.includes('Ingress'), 'an Ingress policy: what no rule allows is refused')
  const rules = policy.spec.ingress as any[]
  for (const rule of rules) {
    t.ok(rule.from?.length, 'every rule names who (a rule without `from` admits everyone)')
    t.ok(rule.ports?.length, 'and to which port (a rule without `ports` admits every port)')
  }
  const portRule = (port: string) => rules.filter((r) => r.ports.some((p: any) => p.port === port || p.port === container.ports.find((c: any) => c.name === port)?.containerPort))
  const http = portRule('http')
  t.equal(http.length, 1, 'one rule for the site\'s port')
  const controller = http[0].from
  t.equal(controller.length, 1)
  t.equal(controller[0].namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'], 'ingress-nginx', 'from the ingress controller\'s namespace')
  t.equal(controller[0].podSelector?.matchLabels?.['app.kubernetes.io/component'], 'controller', 'and its controller pods only')
  t.equal(one('Ingress').spec.ingressClassName, 'nginx', 'the controller the Ingress names')
  t.notOk(controller[0].ipBlock, 'no address block')
  const metrics = portRule('metrics')
  t.equal(metrics.length, 1, 'one rule for the metrics port')
  t.match(JSON.stringify(metrics[0].from), /prometheus/, 'from Prometheus')
  t.equal(rules.length, 2, 'nothing else')

  // TRUST_PROXY: the one hop the policy lets in. A visitor reaching the controller through a node (or a pod of the
  // cluster) has an address in the pod network; a wide range such as 10.0.0.0/8 would believe the X-Forwarded-For
  // it sent before that address, and let it choose a new rate-limit identity for each request.
  const trust = loadConfig(podEnv).trustProxy
  t.not(trust, true, 'not every hop')
  if (typeof trust === 'string') {
    for (const entry of trust.split(',')) t.ok(Number(entry.split('/')[1] ?? 32) >= 24, `${entry}: the controller's addresses, not a network range`)
  }
  const app = await trustingApp(t, trust)
  const ingressPod = '10.42.3.17'
  const node = '10.0.12.4'
  t.ok(
    await sameClient(app, { remoteAddress: ingressPod, forwardedFor: `203.0.113.50, ${node}` }, { remoteAddress: ingressPod, forwardedFor: `203.0.113.51, ${node}` }),
    'a client that puts a new X-Forwarded-For before a node\'s address still spends one budget',
  )
  t.notOk(
    await sameClient(app, { remoteAddress: ingressPod, forwardedFor: '198.51.100.1' }, { remoteAddress: ingressPod, forwardedFor: '198.51.100.2' }),
    'two visitors whose address the controller wrote: two budgets (externalTrafficPolicy: Local gives it their addresses)',
  )
  const docs = readFileSync('docs/operations.md', 'utf8')
  t.match(docs, /externalTrafficPolicy: Local/, 'docs/operations.md says how the controller sees visitors\' addresses')
  t.match(readFileSync(join(DIR, 'configmap.yaml'), 'utf8'), /externalTrafficPolicy: Local/, 'and the ConfigMap beside TRUST_PROXY')
})

t.test('shutdown: the kubelet waits longer than the delay, the drain and close-with-grace\'s margin', async (t) => {
  const preStop = container.lifecycle?.preStop
  let preStopMs = 0
  if (preStop?.sleep) preStopMs = preStop.sleep.seconds * 1000
  else if (preStop?.exec) preStopMs = Number(/sleep\s+(\d+)/.exec(preStop.exec.command.join(' '))?.[1] ?? NaN) * 1000
  t.ok(Number.isFinite(preStopMs), 'a preStop hook, if any, is a plain sleep')
  // server/main.ts: close-with-grace ends the process 2 s after SHUTDOWN_TIMEOUT_MS at the latest.
  const needed = preStopMs + ms('SHUTDOWN_DELAY_MS') + ms('SHUTDOWN_TIMEOUT_MS') + 2000
  t.ok(podSpec.terminationGracePeriodSeconds * 1000 > needed, `terminationGracePeriodSeconds ${podSpec.terminationGracePeriodSeconds} s > ${needed} ms`)
  t.ok(ms('SHUTDOWN_DELAY_MS') >= 2000, 'the delay covers the endpoint removal reaching the ingress controller')
})

t.test('rollout and disruptions keep the replicas serving', async (t) => {
  t.ok(deployment.spec.replicas >= 2, `${deployment.spec.replicas} replicas`)
  t.equal(deployment.spec.strategy.type, 'RollingUpdate')
  t.equal(deployment.spec.strategy.rollingUpdate.maxUnavailable, 0, 'a rollout never goes below the replica count')
  t.ok(deployment.spec.strategy.rollingUpdate.maxSurge >= 1, 'so it surges')
  const pdb = one('PodDisruptionBudget').spec
  t.ok(pdb.maxUnavailable === 1 || (pdb.minAvailable >= 2 && pdb.minAvailable < deployment.spec.replicas), 'a drain takes one replica at a time')
  const spread = podSpec.topologySpreadConstraints ?? []
  const antiAffinity = podSpec.affinity?.podAntiAffinity
  t.ok(spread.some((c: any) => c.topologyKey === 'kubernetes.io/hostname') || antiAffinity, 'replicas spread over nodes')
})

t.test('least privilege: the image\'s user, read-only root, no capabilities, RuntimeDefault seccomp', async (t) => {
  // The runtime stage's USER, as dockerfile.test.ts reads it; "node" is uid/gid 1000 in the official Node images.
  const dockerfile = DockerfileParser.parse(readFileSync('Dockerfile', 'utf8'))
  const runtimeStart = dockerfile.getFROMs().find((f) => f.getBuildStage() === 'runtime')!.getRange().start.line
  const user = dockerfile
    .getInstructions()
    .filter((i) => i.getKeyword() === 'USER' && i.getRange().start.line >= runtimeStart)
    .map((i) => i.getArguments().map((a) => a.getValue()).join(' '))
    .at(-1)
  const uid = user === 'node' ? 1000 : Number(user)
  t.ok(Number.isInteger(uid) && uid > 0, `the image runs as ${user} (uid ${uid})`)
  const pod = podSpec.securityContext
  const ctr = container.securityContext
  t.equal(pod.runAsNonRoot, true)
  t.equal(pod.runAsUser ?? ctr.runAsUser, uid, 'runAsUser = the image\'s user')
  if (ctr.runAsUser !== undefined) t.equal(ctr.runAsUser, uid)
  t.equal(pod.seccompProfile?.type ?? ctr.seccompProfile?.type, 'RuntimeDefault')
  t.equal(ctr.allowPrivilegeEscalation, false)
  t.equal(ctr.readOnlyRootFilesystem, true)
  t.same(ctr.capabilities?.drop, ['ALL'])
  t.notOk(ctr.privileged, 'not privileged')
  t.equal(podSpec.automountServiceAccountToken, false, 'no API token in the pod')
  // Read-only root: the writable places are emptyDirs, DATA_DIR one of them, and the content volume.
  const mounts = Object.fromEntries(container.volumeMounts.map((m: any) => [m.mountPath, m.name]))
  const volumes = Object.fromEntries(podSpec.volumes.map((v: any) => [v.name, v]))
  for (const path of ['/tmp', fixedEnv.DATA_DIR ?? '(DATA_DIR not set)']) {
    t.ok(mounts[path] && volumes[mounts[path]]?.emptyDir, `${path} is a writable emptyDir`)
  }
  t.equal(volumes[mounts[fixedEnv.CONTENT_DIR!]]?.persistentVolumeClaim?.claimName, one('PersistentVolumeClaim').metadata.name, 'CONTENT_DIR is the content volume')
  const writable = container.volumeMounts.filter((m: any) => !m.readOnly).map((m: any) => m.mountPath)
  t.same(writable.sort(), ['/tmp', fixedEnv.DATA_DIR, fixedEnv.CONTENT_DIR].sort(), 'nothing else is writable')
})

t.test('memory: the limit agrees with the heap cap and with docker-compose.yml', async (t) => {
  const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start
  const heapMb = Number(/--max-old-space-size=(\d+)/.exec(start)?.[1])
  t.ok(heapMb > 0, `heap cap ${heapMb} MB (npm start)`)
  const mebibytes = (q: string) => {
    const m = /^(\d+)(Mi|Gi|M)$/.exec(q)
    if (!m) return NaN
    return Number(m[1]) * (m[2] === 'Gi' ? 1024 : m[2] === 'M' ? 1e6 / 2 ** 20 : 1)
  }
  const limit = mebibytes(container.resources.limits.memory)
  t.ok(limit >= heapMb * 1.5 && limit <= heapMb * 3, `memory limit ${limit} Mi fits a ${heapMb} MB heap with room, not more`)
  t.equal(mebibytes(container.resources.requests.memory), limit, 'request = limit: memory is never overcommitted')
  const compose = parseYaml(readFileSync('docker-compose.yml', 'utf8'))
  t.equal(limit, Number(/^(\d+)m$/.exec(compose.services.site.mem_limit)?.[1]), 'the same limit as compose\'s mem_limit')
  t.ok(container.resources.requests.cpu, 'a CPU request for scheduling')
  // The limit counts on the image's allocator (jemalloc, LD_PRELOAD in the Dockerfile; docs/decisions/0010).
  for (const name of ['LD_PRELOAD', 'MALLOC_CONF', 'MALLOC_ARENA_MAX']) t.notOk(name in podEnv, `the pod keeps the image's ${name}`)
})
