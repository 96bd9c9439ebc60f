/**
 * The content check's problem lines (server/content/describe.ts and the loader, in English: what
 * `content:check` prints) read back into a kind and its values, so that the editor page can say the
 * most common ones in the staff member's language. A line of another kind is shown as it is.
 */

export type ProblemKind = 'yaml' | 'frontMatter' | 'required' | 'empty' | 'unknown' | 'quote' | 'tooLong' | 'date' | 'month' | 'oneOf' | 'image' | 'missing' | 'imageMissing' | 'imageUnreadable'

export interface ReadProblem {
  kind: ProblemKind
  /** The file, with ':line:column' when the line names a place. */
  file: string
  /** The front matter or site.yml field ('date', 'gallery[0].alt'), or the image named; '' when the line is about the file. */
  field: string
  /** The kind's values: the limit, the allowed values, what was found, the YAML reader's reason. */
  values: Record<string, string>
}

const LINE = /^([^\s:]+(?::\d+:\d+)?): (.*)$/
const got = (rest: string) => / \(got (.*)\)$/.exec(rest)?.[1] ?? ''

/** Field-level messages: the sentence after '<field>: ', matched at its start. */
const FIELD_KINDS: [RegExp, ProblemKind, (m: RegExpExecArray, rest: string) => Record<string, string>][] = [
  [/^is required$/, 'required', () => ({})],
  [/^is empty$/, 'empty', () => ({})],
  [/^is not a known field$/, 'unknown', () => ({})],
  [/^must be text: put it in quotes/, 'quote', () => ({})],
  [/^must be at most (\d+) characters long \(got (\d+)\)$/, 'tooLong', (m) => ({ limit: m[1]!, length: m[2]! })],
  [/^must be a real date written YYYY-MM-DD/, 'date', (_m, rest) => ({ got: got(rest) })],
  [/^must be a real month written YYYY-MM/, 'month', (_m, rest) => ({ got: got(rest) })],
  [/^must be one of (.*) \(got .*\)$/, 'oneOf', (m, rest) => ({ values: m[1]!, got: got(rest) })],
  [/^must be a file in images\//, 'image', (_m, rest) => ({ got: got(rest) })],
]

/** A problem line read into its kind, or null for a line of another kind. */
export function readProblem(line: string): ReadProblem | null {
  const m = LINE.exec(line)
  if (!m) return null
  const [, file, rest] = m as unknown as [string, string, string]
  const yaml = /^front matter is not valid YAML: (.*)$/.exec(rest) ?? /^not valid YAML: (.*)$/.exec(rest)
  if (yaml) return { kind: 'yaml', file, field: '', values: { reason: yaml[1]! } }
  if (rest.startsWith('front matter missing')) return { kind: 'frontMatter', file, field: '', values: {} }
  if (rest === 'file is missing') return { kind: 'missing', file, field: '', values: {} }
  const image = /^image (\S+) (does not exist|is not a readable image)$/.exec(rest)
  if (image) return { kind: image[2] === 'does not exist' ? 'imageMissing' : 'imageUnreadable', file, field: image[1]!, values: {} }
  const at = rest.indexOf(': ')
  if (at < 0) return null
  const field = rest.slice(0, at)
  const words = rest.slice(at + 2)
  if (!/^[\w.[\]-]+$/.test(field)) return null
  for (const [re, kind, values] of FIELD_KINDS) {
    const hit = re.exec(words)
    if (hit) return { kind, file, field, values: values(hit, words) }
  }
  return null
}
