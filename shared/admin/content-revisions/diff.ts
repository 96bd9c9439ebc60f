import type { EditableItem } from '../editor-model/items'

/**
 * Two revisions of an item compared field by field, the changed words marked: a pure function of the
 * two items (the revisions page draws its answer). A field is named by where it is: '<lang>.title',
 * '<lang>.body', '<lang>.gallery.2.alt' for an article, a project or a page; '<path>' in a site.yml part
 * ('company.name.ja', 'services.0.title.en').
 */

/** A run of text the same in both, only in the newer one (added) or only in the older one (removed). */
export interface DiffPart {
  op: 'same' | 'add' | 'del'
  text: string
}

export interface FieldChange {
  field: string
  /** added: only the newer revision has the field; removed: only the older one. */
  status: 'same' | 'changed' | 'added' | 'removed'
  /** A flag (`draft: true`): each part's text is 'true' or 'false', shown in words. */
  flag: boolean
  /** The older revision's text and the newer's, marked (for 'same': one part). */
  parts: DiffPart[]
}

/** Past this many edits between two texts, the whole text is shown as replaced (the comparison stays fast). */
const MAX_EDITS = 2_000

/** A field's value as compared: its text, and whether it is a flag (true or false). */
export interface FieldValue {
  text: string
  flag: boolean
}

/** Every field of an item as text, in a stable order: fields as written, then the body; languages in the item's order. */
export function itemFields(item: EditableItem | null): Map<string, FieldValue> {
  const out = new Map<string, FieldValue>()
  if (!item) return out
  const walk = (prefix: string, value: unknown) => {
    if (value === null || value === undefined) return
    if (Array.isArray(value)) return value.forEach((v, i) => walk(`${prefix}.${i}`, v))
    if (typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) walk(prefix ? `${prefix}.${k}` : k, v)
      return
    }
    out.set(prefix, { text: String(value), flag: typeof value === 'boolean' })
  }
  if (item.data) walk('', item.data)
  for (const [locale, version] of Object.entries(item.versions ?? {})) {
    if (!version) continue
    walk(locale, version.fields)
    out.set(`${locale}.body`, { text: version.body, flag: false })
  }
  return out
}

const WORD_RE = /(?:(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}])[\p{L}\p{N}_'’-])+|\r?\n|[^\S\r\n]+|[\s\S]/gu

/**
 * Words as a reader sees them: a run of Latin letters and digits, a line break, a run of other white
 * space, or one character (Japanese has no spaces between words: each kana or kanji is a unit of its
 * own). Each line break on its own: a blank line added is one break added, not a run replaced.
 */
export function tokens(text: string): string[] {
  return text.match(WORD_RE) ?? []
}

/** Adjacent parts of the same kind joined. */
function joined(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = []
  for (const part of parts) {
    if (!part.text) continue
    const last = out.at(-1)
    if (last && last.op === part.op) last.text += part.text
    else out.push({ ...part })
  }
  return out
}

/**
 * The shortest edit script between two token lists (Myers, O((n+m)·D)), as parts. Null when it needs more
 * than MAX_EDITS edits.
 */
function myers(a: string[], b: string[]): DiffPart[] | null {
  const n = a.length
  const m = b.length
  const max = Math.min(n + m, MAX_EDITS)
  const offset = max + 1
  let v = new Int32Array(2 * max + 3)
  const trace: Int32Array[] = []
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice())
    const next = v.slice()
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1
      let y = x - k
      while (x < n && y < m && a[x] === b[y]) (x++, y++)
      next[offset + k] = x
      if (x >= n && y >= m) return backtrack(a, b, [...trace, next], offset, d)
    }
    v = next
  }
  return null
}

function backtrack(a: string[], b: string[], trace: Int32Array[], offset: number, dEnd: number): DiffPart[] {
  const parts: DiffPart[] = []
  let x = a.length
  let y = b.length
  for (let d = dEnd; d > 0; d--) {
    const v = trace[d]!
    const k = x - y
    const down = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!)
    const prevK = down ? k + 1 : k - 1
    const prevX = v[offset + prevK]!
    const prevY = prevX - prevK
    while (x > prevX && y > prevY) {
      y--
      parts.push({ op: 'same', text: a[--x]! })
    }
    if (down) parts.push({ op: 'add', text: b[--y]! })
    else parts.push({ op: 'del', text: a[--x]! })
  }
  while (x > 0) parts.push({ op: 'same', text: a[--x]! })
  return parts.reverse()
}

/** Two texts as parts, the changed words marked (what both start and end with is found first, cheaply). */
export function wordDiff(older: string, newer: string): DiffPart[] {
  if (older === newer) return joined([{ op: 'same', text: older }])
  const a = tokens(older)
  const b = tokens(newer)
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let end = 0
  while (end < a.length - start && end < b.length - start && a[a.length - 1 - end] === b[b.length - 1 - end]) end++
  const midA = a.slice(start, a.length - end)
  const midB = b.slice(start, b.length - end)
  const middle = myers(midA, midB) ?? [
    { op: 'del' as const, text: midA.join('') },
    { op: 'add' as const, text: midB.join('') },
  ]
  return joined([{ op: 'same', text: a.slice(0, start).join('') }, ...middle, { op: 'same', text: a.slice(a.length - end).join('') }])
}

/** The fields of two revisions (older, newer), each compared: in the newer one's order, then those only the older one has. */
export function compareItems(older: EditableItem | null, newer: EditableItem | null): FieldChange[] {
  const a = itemFields(older)
  const b = itemFields(newer)
  const changes: FieldChange[] = []
  for (const [field, { text, flag }] of b) {
    const before = a.get(field)
    if (before === undefined) changes.push({ field, status: 'added', flag, parts: joined([{ op: 'add', text }]) })
    else if (before.text === text) changes.push({ field, status: 'same', flag, parts: joined([{ op: 'same', text }]) })
    else changes.push({ field, status: 'changed', flag: flag || before.flag, parts: wordDiff(before.text, text) })
  }
  for (const [field, { text, flag }] of a) if (!b.has(field)) changes.push({ field, status: 'removed', flag, parts: joined([{ op: 'del', text }]) })
  return changes
}
