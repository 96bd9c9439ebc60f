import { Document, Pair, Scalar, YAMLMap, isMap, isScalar, isSeq, parseDocument, visit, type Node, type YAMLSeq } from 'yaml'

/**
 * Edits a YAML mapping (site.yml, a Markdown file's front matter) the way a person would: only the
 * top-level keys whose value changed are rewritten, each in place, and inside them only what changed
 * (a scalar keeps its quotes, a collection its flow or block style); every other line, comment and
 * blank line stays byte for byte. A key added goes after the key that precedes it in `order`.
 */

/** How a value new to the file is written: strings double-quoted, except under these keys (enum values, paths). */
export interface YamlStyle {
  order: readonly string[]
  plainKeys: ReadonlySet<string>
}

const STRINGIFY = { lineWidth: 0 } as const

/** Data as one canonical JSON text (keys sorted at every level): what a site part's hash is taken of. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
    return `{${entries.map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`
  }
  return JSON.stringify(value)
}

const same = (a: unknown, b: unknown) => canonicalJson(a) === canonicalJson(b)
const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v)

/** A node for a value the file did not have, styled as a person writes it. */
function newNode(doc: Document, value: unknown, key: string | null, style: YamlStyle): Node {
  const node = doc.createNode(value) as Node
  const styleScalar = (n: unknown, k: string | null) => {
    if (isScalar(n) && typeof n.value === 'string') n.type = k !== null && style.plainKeys.has(k) ? Scalar.PLAIN : Scalar.QUOTE_DOUBLE
    else if (isMap(n)) for (const p of n.items) styleScalar(p.value, isScalar(p.key) ? String(p.key.value) : null)
    else if (isSeq(n)) for (const item of n.items) styleScalar(item, k)
  }
  styleScalar(node, key)
  return node
}

/** Brings `node` (the value at `key` of `parent`) to `value`, changing as little of it as it can. */
function update(doc: Document, parent: YAMLMap | YAMLSeq, key: string | number, value: unknown, style: YamlStyle): void {
  const node = parent.get(key, true) as Node | undefined
  if (node !== undefined && same(node.toJSON(), value)) return
  const name = typeof key === 'string' ? key : null
  if (isMap(node) && isPlainObject(value)) {
    for (const pair of [...node.items]) {
      const k = isScalar(pair.key) ? pair.key.value : pair.key
      if (typeof k === 'string' && !(k in value)) node.delete(k)
    }
    for (const [k, v] of Object.entries(value)) {
      if (v === undefined) node.delete(k)
      else if (node.has(k)) update(doc, node, k, v, style)
      else node.add(new Pair(doc.createNode(k), newNode(doc, v, k, style)))
    }
    return
  }
  if (isSeq(node) && Array.isArray(value)) {
    value.forEach((v, i) => (i < node.items.length ? update(doc, node, i, v, style) : node.items.push(newNode(doc, v, name, style))))
    node.items.length = value.length
    return
  }
  const scalarValue = value === null || ['string', 'number', 'boolean'].includes(typeof value)
  if (isScalar(node) && scalarValue && typeof node.value === typeof value) {
    node.value = value
    return
  }
  // Another kind of value: written anew (a string where a number was, a list where a text was…).
  parent.set(key, newNode(doc, value, name, style))
}

/** The end of the line `at` is on, after its line break (or the end of the text). */
function lineEnd(text: string, at: number): number {
  const nl = text.indexOf('\n', at > 0 ? at - 1 : 0)
  return nl < 0 ? text.length : nl + 1
}

/** One top-level pair as text ('key: value\n'), without the comments before it (they stay where they are). */
function pairText(pair: Pair): string {
  const fresh = new Document()
  const key = isScalar(pair.key) ? new Scalar(pair.key.value) : pair.key
  const map = new YAMLMap()
  map.items.push(new Pair(key, pair.value))
  fresh.contents = map
  let text = fresh.toString(STRINGIFY)
  // As content/ writes them: flow maps padded ('{ ja: …, en: … }'), flow lists not ('["…", "…"]').
  visit(pair.value as Node, {
    Seq(_, seq) {
      if (!seq.flow) return
      const padded = new Document(seq).toString(STRINGIFY).trimEnd()
      text = text.replace(padded, new Document(seq).toString({ ...STRINGIFY, flowCollectionPadding: false }).trimEnd())
    },
  })
  return text.endsWith('\n') ? text : `${text}\n`
}

/**
 * `text` (a YAML mapping) with its keys among `scope` set to `data`'s values: keys of `scope` absent
 * from `data` removed, others changed in place, new ones inserted in `style.order`. Keys outside
 * `scope` are not looked at. Text that is not a mapping (or not YAML) is written anew from `data`.
 */
export function editYamlMap(text: string, data: Record<string, unknown>, scope: readonly string[], style: YamlStyle): string {
  const doc = parseDocument(text, { schema: 'core', keepSourceTokens: false })
  if (doc.errors.length > 0 || !isMap(doc.contents)) return writeYamlMap(data, style)
  const map = doc.contents
  const edits: { start: number; end: number; text: string }[] = []
  const present = new Map<string, Pair>()
  for (const pair of map.items) if (isScalar(pair.key) && typeof pair.key.value === 'string') present.set(pair.key.value, pair as Pair)
  for (const key of scope) {
    const pair = present.get(key)
    const value = data[key]
    if (!pair) continue
    const start = (pair.key as Node).range![0]
    const valueNode = pair.value as Node | null
    const end = lineEnd(text, valueNode?.range ? valueNode.range[1] : (pair.key as Node).range![1])
    if (value === undefined) {
      edits.push({ start, end, text: '' })
      continue
    }
    if (valueNode && same(valueNode.toJSON(), value)) continue
    update(doc, map, key, value, style)
    edits.push({ start, end, text: pairText(map.items.find((p) => isScalar(p.key) && p.key.value === key) as Pair) })
  }
  // New keys: after the nearest key before them in the schema's order that the file has, else at the end.
  for (const key of scope) {
    if (present.has(key) || data[key] === undefined) continue
    const before = style.order.slice(0, Math.max(0, style.order.indexOf(key))).reverse().find((k) => present.has(k))
    const anchor = before ? present.get(before)! : null
    const at = anchor ? lineEnd(text, ((anchor.value as Node | null)?.range ?? (anchor.key as Node).range!)[1]) : text.length
    const pair = new Pair(doc.createNode(key), newNode(doc, data[key], key, style))
    edits.push({ start: at, end: at, text: pairText(pair) })
  }
  let out = text.endsWith('\n') || text === '' ? text : `${text}\n`
  // From the end back, so that each edit's offsets still hold; insertions at one place end up in their order.
  const ordered = edits.map((edit, i) => ({ ...edit, i })).sort((a, b) => b.start - a.start || b.end - a.end || b.i - a.i)
  for (const edit of ordered) out = out.slice(0, edit.start) + edit.text + out.slice(edit.end)
  return out
}

/** A new mapping holding `data`, keys in `style.order` (others after), values styled as a person writes them. */
export function writeYamlMap(data: Record<string, unknown>, style: YamlStyle): string {
  const doc = new Document()
  const map = new YAMLMap()
  const rank = (k: string) => (style.order.includes(k) ? style.order.indexOf(k) : style.order.length)
  for (const key of Object.keys(data).sort((a, b) => rank(a) - rank(b))) {
    if (data[key] !== undefined) map.items.push(new Pair(doc.createNode(key), newNode(doc, data[key], key, style)))
  }
  doc.contents = map
  return map.items.length > 0 ? doc.toString(STRINGIFY) : ''
}
