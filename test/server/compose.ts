// Docker Compose's own rules, for tests that render the compose files without a Docker engine: the .env
// parser (compose-go's dotenv/parser.go), interpolation (compose-go's template/template.go), and the merge
// of `extends` and of several files (override/merge.go, override/uncity.go). No Compose runs here.
import { readFileSync } from 'node:fs'
import { parse as parseYaml } from 'yaml'

export type Env = Record<string, string>

/** A compose file as YAML, merge keys (`<<: *anchor`) resolved as compose does. */
export const yaml = (file: string) => parseYaml(readFileSync(file, 'utf8'), { merge: true })

// ---- interpolation: $$, $VAR, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, ${VAR:+x}, ${VAR+x}

/** Index of the `}` closing the `${` at `start` (compose-go's getFirstBraceClosingIndex: nested braces counted). */
function closingBrace(text: string, start: number): number {
  let open = 0
  for (let i = start; i < text.length; i++) {
    if (text[i] === '}' && --open === 0) return i
    if (text[i] === '{') {
      open++
      i++
    }
  }
  return -1
}

const NAME = /^[_A-Za-z][_A-Za-z0-9]*/
/** The operators in the order compose-go tries them at the same position (`:-` before `-`). */
const OPERATORS = [':?', '?', ':-', '-', ':+', '+'] as const

/** Thrown where compose stops: `${VAR:?message}` with VAR unset or empty, `${VAR?message}` with VAR unset, a bad template. */
export class ComposeError extends Error {}

/** One string interpolated against env (the shell's environment over .env, as compose builds it). */
export function interpolate(text: string, env: Env): string {
  let out = ''
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== '$') {
      out += text[i]
      continue
    }
    const next = text[i + 1]
    if (next === '$') {
      out += '$'
      i++
      continue
    }
    if (next !== '{') {
      const name = NAME.exec(text.slice(i + 1))?.[0]
      if (!name) throw new ComposeError(`invalid template: ${text}`)
      out += env[name] ?? ''
      i += name.length
      continue
    }
    const end = closingBrace(text, i + 1)
    if (end < 0) throw new ComposeError(`invalid template: ${text}`)
    out += substitute(text.slice(i + 2, end), env, text)
    i = end
  }
  return out
}

function substitute(inner: string, env: Env, text: string): string {
  const name = NAME.exec(inner)?.[0]
  if (!name) throw new ComposeError(`invalid template: ${text}`)
  const rest = inner.slice(name.length)
  const value = env[name]
  if (rest === '') return value ?? ''
  const op = OPERATORS.find((o) => rest.startsWith(o))
  if (!op) throw new ComposeError(`invalid template: ${text}`)
  const arg = () => interpolate(rest.slice(op.length), env)
  const set = value !== undefined
  const nonEmpty = set && value !== ''
  switch (op) {
    case ':?':
    case '?':
      if (op === ':?' ? !nonEmpty : !set) throw new ComposeError(`required variable ${name} is missing a value: ${arg()}`)
      return value!
    case ':-':
      return nonEmpty ? value! : arg()
    case '-':
      return set ? value! : arg()
    case ':+':
      return nonEmpty ? arg() : (value ?? '')
    case '+':
      return set ? arg() : ''
  }
}

/** Every string value of a parsed file interpolated (keys are not, as in compose). */
export function interpolateTree<T>(value: T, env: Env): T {
  if (typeof value === 'string') return interpolate(value, env) as T
  if (Array.isArray(value)) return value.map((v) => interpolateTree(v, env)) as T
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolateTree(v, env)])) as T
  return value
}

// ---- .env files (compose-go dotenv/parser.go)

const isSpace = (c: string) => c === ' ' || c === '\t' || c === '\v' || c === '\f' || c === '\r' || c === '\u0085' || c === '\u00a0'

/** Double-quoted values: \n \r \t \\ \" \$ … as Go's escapes (\$ stays a literal $ through `$$`). */
function expandEscapes(value: string): string {
  const simple: Record<string, string> = { a: '\x07', b: '\b', c: '\\c', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v', '"': '"', '\\': '\\', $: '$$' }
  return value.replace(/\\([abcfnrtv$"\\])/g, (_, c: string) => simple[c]!)
}

/**
 * A .env file as compose reads it: `#` comment lines, `export ` prefixes, KEY=value or KEY: value, unquoted
 * values cut at ` #` and trimmed, 'single' quotes literal, "double" quotes with escapes; unquoted and double-
 * quoted values interpolated against the keys before them and `lookup` (the shell's environment).
 */
export function parseDotenv(text: string, lookup: Env = {}): Env {
  const out: Env = {}
  const resolve: Env = new Proxy({} as Env, { get: (_, k: string) => lookup[k] ?? out[k], has: (_, k: string) => k in lookup || k in out })
  const expand = (value: string) => interpolate(value, resolve)
  let src = text
  for (;;) {
    // the start of the next statement: blanks and comment lines skipped
    for (;;) {
      const pos = src.search(/\S/)
      if (pos < 0) return out
      src = src.slice(pos)
      if (src[0] !== '#') break
      const eol = src.indexOf('\n')
      if (eol < 0) return out
      src = src.slice(eol)
    }
    if (/^export\s+/.test(src)) src = src.replace(/^export[ \t\v\f\r]*/, '')
    let i = 0
    let key = ''
    let inherited = false
    for (; i < src.length; i++) {
      const c = src[i]!
      if (isSpace(c)) continue
      if (c === '=' || c === ':' || c === '\n') {
        key = src.slice(0, i).trimEnd()
        inherited = c === '\n'
        break
      }
      if (!/[\p{L}\p{N}_.\-[\]]/u.test(c)) throw new ComposeError(`unexpected character ${JSON.stringify(c)} in variable name ${JSON.stringify(src.split('\n')[0])}`)
    }
    if (i >= src.length) {
      // a last line without = : a name alone, taken from the environment
      key = src.trim()
      inherited = true
    }
    if (key.includes(' ')) throw new ComposeError('key cannot contain a space')
    src = src.slice(i + 1)
    if (inherited) {
      if (key in lookup) out[key] = lookup[key]!
      continue
    }
    src = src.replace(/^[ \t\v\f\r]*/, '')
    const quote = src[0] === '"' || src[0] === "'" ? src[0] : ''
    if (!quote) {
      const eol = src.indexOf('\n')
      let value = eol < 0 ? src : src.slice(0, eol)
      src = eol < 0 ? '' : src.slice(eol)
      const comment = value.indexOf(' #')
      if (comment >= 0) value = value.slice(0, comment)
      out[key] = expand(value.trimEnd())
      continue
    }
    let chars = ''
    let escape = false
    let end = -1
    for (let j = 1; j < src.length; j++) {
      const c = src[j]!
      if (c !== quote) {
        if (!escape && c === '\\') {
          escape = true
          continue
        }
        if (escape) chars += '\\'
        escape = false
        chars += c
        continue
      }
      if (escape) {
        escape = false
        chars += c
        continue
      }
      end = j
      break
    }
    if (end < 0) throw new ComposeError(`unterminated quoted value ${src.split('\n')[0]}`)
    out[key] = quote === '"' ? expand(expandEscapes(chars)) : chars
    src = src.slice(end + 1)
  }
}

// ---- the application model: `extends` resolved, several files merged (compose-go override/merge.go, uncity.go)

const clone = <T>(v: T): T => structuredClone(v)
export const isMap = (v: unknown): v is Record<string, any> => typeof v === 'object' && v !== null && !Array.isArray(v)
/** A mapping written as a sequence ("KEY=value" or "KEY") becomes a sequence of such strings, sorted. */
export const toSequence = (v: any): any[] =>
  Array.isArray(v) ? v : isMap(v) ? Object.entries(v).flatMap(([k, x]) => (x === null || x === undefined ? [k] : Array.isArray(x) ? x.map((y) => `${k}=${y}`) : [`${k}=${x}`])).sort() : []
/** A sequence of names becomes a mapping (depends_on's short form gets its defaults). */
const toMapping = (v: any, defaults: Record<string, unknown> | null): Record<string, any> =>
  isMap(v) ? v : Object.fromEntries((v ?? []).map((k: string) => [k, defaults ? { ...defaults } : null]))
/** Compose's special rules, by the key under services.<name> (compose-go override/merge.go's mergeSpecials). */
const SEQUENCE_OF_MAPPING = new Set(['annotations', 'env_file', 'label_file', 'environment', 'labels', 'sysctls', 'tmpfs', 'dns', 'dns_opt', 'dns_search'])

/** Merges `local` onto `from` (both a service or a value under one), as compose merges a later file or `extends`. */
export function mergeYaml(from: any, local: any, path: string[]): any {
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
export function mergeMappings(from: Record<string, any>, local: Record<string, any>, path: string[]): Record<string, any> {
  const out = { ...from }
  for (const [k, v] of Object.entries(local)) out[k] = k in out ? mergeYaml(out[k], v, [...path, k]) : v
  return out
}

/** A volume entry's target path (short "src:target[:mode]" or long syntax). */
export const target = (v: any) => (typeof v === 'string' ? (v.split(':').length > 1 ? v.split(':')[1] : v) : v.target)
/** Where a service's secret is mounted: /run/secrets/<source> unless a target is given (uncity.go's mountIndexer). */
export const secretTarget = (v: any): string => {
  const t = typeof v === 'string' ? v : (v.target ?? v.source)
  return t.startsWith('/') ? t : `/run/secrets/${t}`
}
/** The key two entries of a sequence share when the later one replaces the earlier (compose-go's uncity.go). */
const UNIQUE: Record<string, (v: any) => string> = {
  volumes: target,
  secrets: secretTarget,
  env_file: (v) => (typeof v === 'string' ? v : v.path),
  ...Object.fromEntries(['annotations', 'cap_add', 'cap_drop', 'dns', 'dns_opt', 'dns_search', 'environment', 'labels', 'profiles', 'sysctls', 'tmpfs'].map((k) => [k, (v: any) => String(v).split('=')[0]!])),
  expose: (v) => String(v),
}
/** EnforceUnicity for a service: the later entry of a key takes the place of the first. */
export function enforceUnicity(service: Record<string, any>): Record<string, any> {
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

/** A file as compose loads it: parsed, then interpolated against env (none: the raw text, for structural checks). */
const load = (file: string, env?: Env) => (env ? interpolateTree(yaml(file), env) : yaml(file))

/** A service of a file with its `extends` resolved (the extended one from its file, recursively; the local keys on top). */
function resolveExtends(file: string, doc: any, name: string, env: Env | undefined, seen: string[] = []): Record<string, any> {
  const service = doc.services[name]
  if (!service) throw new Error(`service ${name} not found in ${file}`)
  if (!service.extends) return service
  const { extends: ref, ...local } = service
  const refFile = typeof ref === 'string' ? file : (ref.file ?? file)
  const refName = typeof ref === 'string' ? ref : ref.service
  if (seen.includes(`${refFile}:${refName}`)) throw new Error(`circular extends: ${refFile}:${refName}`)
  const refDoc = refFile === file ? doc : load(refFile, env)
  const extended = resolveExtends(refFile, refDoc, refName, env, [...seen, `${file}:${name}`])
  return enforceUnicity(mergeYaml(clone(extended), clone(local), []))
}

/**
 * The application model of several files: each one interpolated against env (when given), its `extends`
 * resolved, then merged onto the previous ones.
 */
export function loadModel(files: string[], env?: Env): Record<string, any> {
  let model: Record<string, any> = {}
  for (const file of files) {
    const doc = load(file, env)
    const services = Object.fromEntries(Object.keys(doc.services).map((name) => [name, resolveExtends(file, doc, name, env)]))
    const { services: _, ...rest } = doc
    model = mergeMappings(model, { ...rest, services: {} }, [])
    for (const [name, service] of Object.entries(services)) {
      model.services[name] = model.services[name] ? enforceUnicity(mergeYaml(clone(model.services[name]), clone(service), [])) : enforceUnicity(clone(service))
    }
  }
  return model
}

/** `environment` after the merge (a sequence of KEY=value) as a mapping. */
export const environmentOf = (service: any): Record<string, string> =>
  Object.fromEntries(toSequence(service.environment).map((e: string) => [e.split('=')[0], e.includes('=') ? e.slice(e.indexOf('=') + 1) : undefined]))

/**
 * What a service's process gets as its environment: its env_file files (parsed as .env files, read from
 * `files`, a missing one skipped when `required: false`), then its `environment`, which wins.
 */
export function containerEnv(service: any, files: Record<string, string | undefined>): Env {
  const fromFiles: Env = {}
  for (const entry of toSequence(service.env_file)) {
    const path = typeof entry === 'string' ? entry : entry.path
    const text = files[path]
    if (text === undefined) {
      if (typeof entry !== 'string' && entry.required === false) continue
      throw new ComposeError(`env file ${path} not found`)
    }
    Object.assign(fromFiles, parseDotenv(text))
  }
  return { ...fromFiles, ...environmentOf(service) }
}
