// kustomize's rendering (`kubectl apply -k DIR` applies what `kubectl kustomize DIR` prints), for the fields the
// kustomizations of deploy/ use and no more: `resources` (manifest files, and folders rendered by their own
// kustomization.yaml), `patches` (files of strategic-merge patches, matched by kind and name) and `images`
// (name, newName, newTag). Any other field, or a patch this subset would merge differently from kustomize
// (a list of objects, which kustomize merges by key such as a container's name; a $patch directive), is an
// error, never ignored: the tests then render what kubectl would apply. No kustomize binary is needed;
// kubernetes-content.test.ts compares with `kubectl kustomize` where kubectl is installed.
import { readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseYaml, parseAllDocuments } from 'yaml'

const FIELDS = new Set(['apiVersion', 'kind', 'resources', 'patches', 'images'])

/** The objects of a file of YAML documents (empty documents skipped). */
export function readManifests(file: string): any[] {
  const objects: any[] = []
  for (const document of parseAllDocuments(readFileSync(file, 'utf8'))) {
    if (document.errors.length) throw new Error(`${file}: ${document.errors.map((e) => e.message).join('; ')}`)
    const object = document.toJS()
    if (object !== null) objects.push(object)
  }
  return objects
}

const isMap = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * A strategic-merge patch as kustomize applies it for what ours hold: mappings merge key by key, `null`
 * removes the key, a scalar or a list of scalars replaces the value.
 */
export function mergePatch(target: Record<string, any>, patch: Record<string, any>, where = ''): Record<string, any> {
  for (const [key, value] of Object.entries(patch)) {
    const path = `${where}.${key}`
    if (key.startsWith('$')) throw new Error(`${path}: strategic-merge directives are not rendered here`)
    if (value === null) delete target[key]
    else if (Array.isArray(value)) {
      if (value.some((item) => typeof item === 'object' && item !== null)) throw new Error(`${path}: a list of objects merges by key in kustomize, not rendered here`)
      target[key] = [...value]
    } else if (isMap(value)) target[key] = mergePatch(isMap(target[key]) ? target[key] : {}, value, path)
    else target[key] = value
  }
  return target
}

const podSpecOf = (object: any) => object.spec?.template?.spec

/** kustomize's images transformer: every container and init container whose image has that name. */
function setImages(objects: any[], images: any[]) {
  for (const image of images) {
    if (image.digest) throw new Error(`${image.name}: a digest is not rendered here`)
    for (const object of objects) {
      const spec = podSpecOf(object)
      for (const container of [...(spec?.containers ?? []), ...(spec?.initContainers ?? [])]) {
        // name[:tag]; a registry's port (host:5000/name) is part of the name.
        const m = /^(.*?)(?::([^:/]+))?$/.exec(container.image)!
        if (m[1] !== image.name) continue
        container.image = `${image.newName ?? m[1]}:${image.newTag ?? m[2] ?? 'latest'}`
      }
    }
  }
}

/** What kustomize renders from `dir` (its kustomization.yaml), in the order the resources are listed. */
export function renderKustomization(dir: string): any[] {
  const kustomization = parseYaml(readFileSync(join(dir, 'kustomization.yaml'), 'utf8'))
  if (kustomization.kind !== 'Kustomization') throw new Error(`${dir}: not a Kustomization`)
  const unknown = Object.keys(kustomization).filter((key) => !FIELDS.has(key))
  if (unknown.length) throw new Error(`${dir}/kustomization.yaml: ${unknown.join(', ')} not rendered here`)
  const objects: any[] = []
  for (const resource of kustomization.resources ?? []) {
    const path = join(dir, resource)
    objects.push(...(statSync(path).isDirectory() ? renderKustomization(path) : readManifests(path)))
  }
  const ids = objects.map((o) => `${o.kind}/${o.metadata?.name}`)
  const twice = ids.filter((id, i) => ids.indexOf(id) !== i)
  if (twice.length) throw new Error(`${dir}: ${twice.join(', ')} listed twice (kustomize refuses it)`)
  for (const entry of kustomization.patches ?? []) {
    if (!entry.path || entry.patch || entry.target) throw new Error(`${dir}: only patches given by path are rendered here`)
    for (const patch of readManifests(join(dir, entry.path))) {
      const target = objects.find((o) => o.kind === patch.kind && o.metadata?.name === patch.metadata?.name)
      if (!target) throw new Error(`${entry.path}: no ${patch.kind} ${patch.metadata?.name} to patch (kustomize fails too)`)
      const { apiVersion: _a, kind: _k, metadata: { name: _n, ...metadata } = {} as any, ...rest } = patch
      mergePatch(target, { ...rest, ...(Object.keys(metadata).length ? { metadata } : {}) })
    }
  }
  setImages(objects, kustomization.images ?? [])
  return objects
}
