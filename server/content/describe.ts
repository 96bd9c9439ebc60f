import type { ErrorObject } from 'ajv'
import { CONTENT_FORMATS } from './formats'

/**
 * One AJV error of a content file in the words of the people who write the content: the field, then
 * what it must be, then the value found ('date: must be a real date written YYYY-MM-DD (got 2026-02-30)').
 * Never a regular expression, a JSON pointer or a schema keyword. Every keyword the content schemas use
 * has its sentence here (a test walks the schemas); anything else still gets plain words.
 */

const TYPE_WORDS: Record<string, string> = {
  string: 'must be text',
  number: 'must be a number',
  integer: 'must be a whole number',
  boolean: 'must be true or false',
  array: 'must be a list',
  object: 'must be fields written name: value, one a line',
}

/** The keywords describeError words itself (the test checks the schemas use no other). */
export const DESCRIBED_KEYWORDS = ['type', 'format', 'enum', 'required', 'additionalProperties', 'dependencies', 'minLength', 'maxLength', 'minimum', 'maximum', 'exclusiveMinimum', 'maxItems'] as const

/** A value as a writer would recognise it, short. */
function shown(value: unknown): string {
  if (value === null || value === undefined) return 'nothing'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'object') return 'a group of fields'
  const text = String(value).replace(/\s+/g, ' ')
  return text.length > 60 ? `${text.slice(0, 59)}…` : text
}

/** '/gallery/0/alt' -> 'gallery[0].alt'. */
function fieldPath(pointer: string, extra?: string): string {
  const parts = pointer.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
  if (extra) parts.push(extra)
  return parts.reduce((out, part) => (/^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part), '')
}

/**
 * `root` names the whole document when the error is about it rather than one field
 * ('(front matter)' for a Markdown file).
 */
export function describeError(error: ErrorObject, root: string): string {
  const params = error.params as Record<string, any>
  const field = fieldPath(error.instancePath) || root
  const got = ` (got ${shown(error.data)})`
  const format = CONTENT_FORMATS[(error.parentSchema as { format?: string } | undefined)?.format as keyof typeof CONTENT_FORMATS]
  switch (error.keyword) {
    case 'required':
      return `${fieldPath(error.instancePath, params.missingProperty)}: is required`
    case 'additionalProperties':
      return `${fieldPath(error.instancePath, params.additionalProperty)}: is not a known field`
    case 'dependencies':
      return `${fieldPath(error.instancePath, params.missingProperty)}: is required when ${params.property} is set`
    case 'format':
      return `${field}: ${format?.words ?? 'is not written the way it must be'}${got}`
    case 'type':
      // A date written without quotes or left empty is still a date problem.
      if (format) return `${field}: ${format.words}${got}`
      if (error.data === null) return `${field}: is empty`
      if (params.type === 'string' && (typeof error.data === 'number' || typeof error.data === 'boolean')) {
        return `${field}: must be text: put it in quotes ("${String(error.data)}")`
      }
      return `${field}: ${TYPE_WORDS[params.type] ?? `must be ${params.type}`}${got}`
    case 'enum':
      return `${field}: must be one of ${(params.allowedValues as unknown[]).join(', ')}${got}`
    case 'minLength':
      return params.limit === 1 ? `${field}: is empty` : `${field}: must be at least ${params.limit} characters long${got}`
    case 'maxLength':
      return `${field}: must be at most ${params.limit} characters long (got ${[...String(error.data)].length})`
    case 'minimum':
      return `${field}: must be ${params.limit} or more${got}`
    case 'maximum':
      return `${field}: must be ${params.limit} or less${got}`
    case 'exclusiveMinimum':
      return `${field}: must be more than ${params.limit}${got}`
    case 'maxItems':
      return `${field}: must have at most ${params.limit} entries (got ${(error.data as unknown[]).length})`
    default:
      return `${field}: is not allowed as written${got}`
  }
}
