import t from 'tap'
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { KUBERNETES_MODELS } from './kubernetes-models'
import { parseAllDocuments } from 'yaml'
import { renderKustomization } from './kustomize'

// The content on Kubernetes (docs/operations.md, Kubernetes): one volume for every pod, seeded from the image
// by an init container, and the one-pod overlay for clusters without ReadWriteMany storage. Both kustomizations
// are rendered as kustomize renders them (./kustomize.ts) and checked as kubectl would apply them; the init
// container's seeding command is run for real on temporary folders.

const BASE = 'deploy/kubernetes'
const SINGLE = 'deploy/kubernetes-single-editor'
const rendered = { [BASE]: renderKustomization(BASE), [SINGLE]: renderKustomization(SINGLE) }

/** The parts of one rendering the checks look at. */
function partsOf(objects: any[]) {
  const one = (kind: string) => {
    const found = objects.filter((o) => o.kind === kind)
    if (found.length !== 1) throw new Error(`expected one ${kind}, found ${found.length}`)
    return found[0]
  }
  const deployment = one('Deployment')
  const pod = deployment.spec.template.spec
  const site = pod.containers.find((c: any) => c.name === 'site')
  const env: Record<string, string> = Object.fromEntries(site.env.map((e: any) => [e.name, e.value]))
  const pvc = one('PersistentVolumeClaim')
  const volume = pod.volumes.find((v: any) => v.persistentVolumeClaim?.claimName === pvc.metadata.name)
  const seed = (pod.initContainers ?? []).find((c: any) => c.volumeMounts?.some((m: any) => m.name === volume?.name))
  return { deployment, pod, site, env, pvc, volume, seed, pdb: one('PodDisruptionBudget') }
}

/** The Dockerfile's runtime stage: where the image's content folder is (WORKDIR + COPY content) and CONTENT_DIR. */
const runtime = readFileSync('Dockerfile', 'utf8').split(/^FROM .* AS runtime$/m)[1] ?? ''
const imageContent = `${/^WORKDIR (\S+)$/m.exec(runtime)?.[1]}/${/^COPY (?:--\S+ )*content \.\/(content)$/m.exec(runtime)?.[1]}`
const imageContentDir = /CONTENT_DIR=(\S+)/.exec(runtime)?.[1]

t.test('both renderings are valid against the Kubernetes schemas', async (t) => {
  for (const [dir, objects] of Object.entries(rendered)) {
    t.same(objects.map((o) => o.kind).sort(), ['ConfigMap', 'Deployment', 'Ingress', 'NetworkPolicy', 'PersistentVolumeClaim', 'PodDisruptionBudget', 'Service'], `${dir}: every object, once`)
    for (const object of objects) {
      const model = KUBERNETES_MODELS[`${object.apiVersion}/${object.kind}`]
      if (t.ok(model, `${dir}: ${object.kind} is validated`)) t.doesNotThrow(() => new model!(object).validate(), `${dir}: ${object.kind} ${object.metadata.name} is valid`)
    }
  }
})

const kubectlMissing = spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).error !== undefined
t.test('both renderings are what kubectl kustomize renders', { skip: kubectlMissing && 'kubectl is not installed: the rendering is ./kustomize.ts alone' }, async (t) => {
  const byId = (objects: any[]) => Object.fromEntries(objects.map((o) => [`${o.kind}/${o.metadata.name}`, o]))
  for (const [dir, objects] of Object.entries(rendered)) {
    const out = spawnSync('kubectl', ['kustomize', dir], { encoding: 'utf8' })
    t.equal(out.status, 0, `kubectl kustomize ${dir}${out.stderr ? `: ${out.stderr}` : ''}`)
    t.same(byId(parseAllDocuments(out.stdout).map((d) => d.toJS())), byId(objects), `${dir}: what kubectl renders`)
  }
})

t.test('the content is one ReadWriteMany volume, mounted at CONTENT_DIR in every pod', async (t) => {
  const { deployment, pvc, volume, site, env } = partsOf(rendered[BASE])
  t.same(pvc.spec.accessModes, ['ReadWriteMany'], 'RWX: every replica, on any node, mounts it read-write')
  t.ok(deployment.spec.replicas > 1, `${deployment.spec.replicas} replicas share it`)
  t.match(pvc.spec.resources.requests.storage, /^\d+(Mi|Gi|Ti)$/, `a size (${pvc.spec.resources.requests.storage})`)
  t.equal(pvc.spec.storageClassName, undefined, 'the class is the operator\'s (the cluster\'s default unless set)')
  t.match(readFileSync(join(BASE, 'content-pvc.yaml'), 'utf8'), /# +storageClassName: /, 'the file shows where to name it')
  t.ok(volume, `the pod's volume "${volume?.name}" is the claim ${pvc.metadata.name}`)
  t.equal(env.CONTENT_DIR, imageContentDir, `CONTENT_DIR is the image's (${imageContentDir})`)
  const mount = site.volumeMounts.find((m: any) => m.name === volume.name)
  t.equal(mount?.mountPath, env.CONTENT_DIR, 'mounted where the server reads and the editor writes the content')
  t.equal(mount?.subPath, 'content', 'the seeded subfolder, not the volume\'s root')
  t.notOk(mount?.readOnly, 'writable: the editor saves there')
})

t.test('the main container: read-only root; only /tmp, DATA_DIR and the content volume are writable', async (t) => {
  for (const [dir, objects] of Object.entries(rendered)) {
    const { pod, site, env, volume } = partsOf(objects)
    t.equal(site.securityContext.readOnlyRootFilesystem, true, `${dir}: read-only root`)
    const writable = Object.fromEntries(site.volumeMounts.filter((m: any) => !m.readOnly).map((m: any) => [m.mountPath, m.name]))
    t.same(Object.keys(writable).sort(), ['/tmp', env.DATA_DIR, env.CONTENT_DIR].sort(), `${dir}: the writable mounts`)
    const kind = (name: string) => Object.keys(pod.volumes.find((v: any) => v.name === name)).find((k) => k !== 'name')
    t.same([kind(writable['/tmp']), kind(writable[env.DATA_DIR!]), writable[env.CONTENT_DIR!]], ['emptyDir', 'emptyDir', volume.name], `${dir}: /tmp and DATA_DIR per pod, the content shared`)
  }
})

t.test('the init container: the same image and restrictions, seeding the volume from the image\'s content', async (t) => {
  t.equal(imageContent, imageContentDir, `the image holds its sample content at CONTENT_DIR (${imageContent})`)
  for (const [dir, objects] of Object.entries(rendered)) {
    const { pod, site, seed, volume } = partsOf(objects)
    if (!t.ok(seed, `${dir}: an init container mounts the content volume`)) continue
    t.equal(pod.initContainers.length, 1, `${dir}: the only init container`)
    t.equal(seed.image, site.image, `${dir}: the site's image (${site.image}), so it seeds that image's content`)
    t.same(seed.securityContext, site.securityContext, `${dir}: the site's security context`)
    t.same(
      [seed.securityContext.readOnlyRootFilesystem, seed.securityContext.runAsNonRoot, seed.securityContext.runAsUser, seed.securityContext.allowPrivilegeEscalation, seed.securityContext.capabilities.drop],
      [true, true, 1000, false, ['ALL']],
      `${dir}: read-only root, uid 1000, no escalation, no capabilities`,
    )
    t.equal(pod.securityContext.seccompProfile.type, 'RuntimeDefault', `${dir}: RuntimeDefault seccomp for every container of the pod`)
    const mount = seed.volumeMounts.find((m: any) => m.name === volume.name)
    t.same([seed.volumeMounts.length, mount.subPath, mount.readOnly], [1, undefined, undefined], `${dir}: the whole volume, writable, and nothing else`)
    const [program, flag, script, from, to] = seed.command
    t.same([program, flag, seed.command.length, seed.args], ['node', '-e', 5, undefined], `${dir}: node -e SCRIPT FROM VOLUME`)
    t.same([from, to], [imageContent, mount.mountPath], `${dir}: from the image's content folder into the volume`)
    t.match(script, /renameSync/, `${dir}: the script that is run below`)
  }
})

// ---- The seeding command itself, run as the pod runs it (node -e SCRIPT FROM VOLUME) on temporary folders.

const seedCommand = partsOf(rendered[BASE]).seed.command as string[]
const work = mkdtempSync(join(tmpdir(), 'k8s-seed-'))
t.teardown(() => rmSync(work, { recursive: true, force: true }))

/** Every file under dir, as 'relative path: bytes' (sorted), to compare two trees. */
function tree(dir: string): string[] {
  const out: string[] = []
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const path = join(d, name)
      if (statSync(path).isDirectory()) walk(path)
      else out.push(`${relative(dir, path)}: ${readFileSync(path, 'base64')}`)
    }
  }
  walk(dir)
  return out.sort()
}

/** A content folder as the image holds it: the repository's own, plus enough files that concurrent copies overlap. */
const source = join(work, 'image-content')
spawnSync('cp', ['-R', 'content', source])
for (let i = 0; i < 400; i++) {
  mkdirSync(join(source, 'images', 'bulk', String(i % 30)), { recursive: true })
  writeFileSync(join(source, 'images', 'bulk', String(i % 30), `${i}.txt`), `file ${i}\n`.repeat(20))
}
const sourceTree = tree(source)

function runSeed(volume: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [seedCommand[1]!, seedCommand[2]!, source, volume], { stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('close', (code) => resolve({ code, out }))
  })
}
const leftovers = (volume: string) => readdirSync(volume).filter((n) => n.startsWith('.seed-'))

t.test('a fresh volume (empty, or only a file system\'s lost+found, or an empty content folder) gets the image\'s content', async (t) => {
  t.ok(sourceTree.length > 400, `${sourceTree.length} files to copy`)
  for (const [label, prepare] of [['empty', () => {}], ['lost+found only', (v: string) => mkdirSync(join(v, 'lost+found'))], ['empty content folder', (v: string) => mkdirSync(join(v, 'content'))]] as const) {
    const volume = mkdtempSync(join(work, 'volume-'))
    prepare(volume)
    const { code, out } = await runSeed(volume)
    t.equal(code, 0, `${label}: exit 0 (${out.trim()})`)
    t.same(tree(join(volume, 'content')), sourceTree, `${label}: content/ is the image's content, file for file`)
    t.same(leftovers(volume), [], `${label}: no temporary folder left`)
  }
})

t.test('a volume with content is left exactly as it is', async (t) => {
  const volume = mkdtempSync(join(work, 'volume-'))
  mkdirSync(join(volume, 'content', 'images', 'uploads', '2026'), { recursive: true })
  writeFileSync(join(volume, 'content', 'site.yml'), 'name: 編集済み\n')
  writeFileSync(join(volume, 'content', '.content-revision'), '4 0123abcd\n')
  writeFileSync(join(volume, 'content', 'images', 'uploads', '2026', 'photo-1a2b3c4d.webp'), 'uploaded')
  const before = tree(join(volume, 'content'))
  const { code, out } = await runSeed(volume)
  t.equal(code, 0, out.trim())
  t.match(out, /holds content: left as it is/)
  t.same(tree(join(volume, 'content')), before, 'the editors\' files, and no sample file added')
  t.same(leftovers(volume), [], 'nothing copied beside it')
})

t.test('three pods starting at once on a fresh volume: one whole copy, made by one of them', async (t) => {
  for (let round = 1; round <= 2; round++) {
    const volume = mkdtempSync(join(work, 'volume-'))
    const runs = await Promise.all([runSeed(volume), runSeed(volume), runSeed(volume)])
    t.same(runs.map((r) => r.code), [0, 0, 0], `round ${round}: every pod's init container succeeds`)
    const winners = runs.filter((r) => /seeded from/.test(r.out)).length
    t.equal(winners, 1, `round ${round}: one rename won (${runs.filter((r) => /meanwhile/.test(r.out)).length} lost the race, the others found it done)`)
    t.same(tree(join(volume, 'content')), sourceTree, `round ${round}: content/ is one whole copy (no copy nested in it, none mixed)`)
    t.same(leftovers(volume), [], `round ${round}: the losers' copies are gone`)
  }
})

t.test('the single-editor overlay: one pod, Recreate, a ReadWriteOnce volume, the rest as deploy/kubernetes', async (t) => {
  const single = partsOf(rendered[SINGLE])
  t.equal(single.deployment.spec.replicas, 1, 'one replica: a ReadWriteOnce volume is mounted by one node')
  t.same(single.deployment.spec.strategy, { type: 'Recreate' }, 'the old pod stops before the new one mounts the volume (no rollingUpdate left)')
  t.same(single.pvc.spec.accessModes, ['ReadWriteOnce'], 'RWO: what block storage gives')
  t.ok(single.pdb.spec.maxUnavailable >= 1 && single.pdb.spec.minAvailable === undefined, 'the budget lets a drain take the one pod')
  // Everything else is the base's: the overlay changes those three fields, nothing more.
  const without = (objects: any[]) =>
    objects.map((o) => {
      const copy = structuredClone(o)
      if (copy.kind === 'Deployment') delete copy.spec.replicas, delete copy.spec.strategy
      if (copy.kind === 'PersistentVolumeClaim') delete copy.spec.accessModes
      return copy
    })
  t.same(without(rendered[SINGLE]), without(rendered[BASE]), 'the same objects otherwise')
  // Several pods need RWX, and RWO means one pod that is stopped before its successor starts: in both renderings.
  for (const [dir, objects] of Object.entries(rendered)) {
    const { deployment, pvc } = partsOf(objects)
    if (deployment.spec.replicas > 1) t.same(pvc.spec.accessModes, ['ReadWriteMany'], `${dir}: ${deployment.spec.replicas} replicas, RWX`)
    else t.same([pvc.spec.accessModes, deployment.spec.strategy.type], [['ReadWriteOnce'], 'Recreate'], `${dir}: one replica, RWO, Recreate`)
  }
})

t.test('docs/operations.md says where the content is, which storage gives RWX, and the one-pod overlay', async (t) => {
  const docs = readFileSync('docs/operations.md', 'utf8')
  const section = docs.slice(docs.indexOf('\n## Kubernetes'), docs.indexOf('\n## ', docs.indexOf('\n## Kubernetes') + 1))
  t.notMatch(section, /Content is part of the image/, 'no longer: the content is on the volume')
  for (const needle of ['ReadWriteMany', 'ReadWriteOnce', SINGLE, 'content-pvc.yaml', 'CONTENT_SYNC_MS', 'node dist/server/backup.js']) t.ok(section.includes(needle), `the Kubernetes section names ${needle}`)
  t.ok(existsSync(join(SINGLE, 'kustomization.yaml')), 'the overlay it names exists')
})
