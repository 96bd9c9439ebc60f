/**
 * How a family writes its route (shared/admin/<family>/route.ts): the route with its path from
 * STAFF_PATHS, and its actions with their kind, body limit and body schema (JSON Schema, checked by the
 * server's one AJV factory after the Origin, role and token checks: server/staff/http/posts.ts).
 */
import { STAFF_PATHS } from './paths'
import type { StaffAction, StaffRouteDef } from './types'

/** A staff form or a passkey step is small: 64 KiB is plenty. */
export const STAFF_BODY_LIMIT = 64 * 1024

/** The field that picks one of several forms posted to one path (its value: the action's `intent`). */
export const INTENT_FIELD = 'op'

const TEXT = { type: 'string' } as const
/** A field a form may send more than once: a string, or the list of them. */
const TEXTS = { type: ['string', 'array'], items: TEXT } as const

/** A staff route as its family writes it: its path comes from STAFF_PATHS by its id. */
export function staffRoute<D>(def: Omit<StaffRouteDef<D>, 'path'>): StaffRouteDef<D> {
  return { ...def, path: STAFF_PATHS[def.id] }
}

/** The fields of a form besides `_csrf` (and its intent): each one string, any other field refused. */
export interface FormFields {
  fields: readonly string[]
  /** Fields a form sends more than once (a checkbox with its hidden "off", a filter's choices). */
  repeated?: readonly string[]
  /** Names by pattern (regular expressions: the content editor's fields, per language, row and field). */
  patterns?: readonly string[]
}

type Declared = Omit<StaffAction, 'kind' | 'bodyLimit' | 'body'> & { bodyLimit?: number }

/** The body schema of a form: its fields and `_csrf` strings, its intent's `op` when it has one, nothing else. */
export function formBody({ fields, repeated = [], patterns = [] }: FormFields, intent?: string): object {
  const properties: Record<string, object> = Object.fromEntries([['_csrf', TEXT], ...fields.map((f) => [f, TEXT]), ...repeated.map((f) => [f, TEXTS])])
  if (intent !== undefined) properties[INTENT_FIELD] = { const: intent }
  return {
    type: 'object',
    properties,
    ...(patterns.length ? { patternProperties: Object.fromEntries(patterns.map((p) => [p, TEXT])) } : {}),
    ...(intent !== undefined ? { required: [INTENT_FIELD] } : {}),
    additionalProperties: false,
  }
}

/** A form (application/x-www-form-urlencoded with the session's token): STAFF_BODY_LIMIT unless it says more. */
export function formAction({ fields, repeated, patterns, bodyLimit = STAFF_BODY_LIMIT, ...action }: Declared & FormFields): StaffAction {
  return { ...action, kind: 'form', bodyLimit, body: formBody({ fields, repeated, patterns }, action.intent) }
}

/** A JSON step of a page's script: an object of `fields` (strings) and `free` (any JSON value: a passkey's answer), nothing else. */
export function jsonAction({ fields = [], free = [], bodyLimit = STAFF_BODY_LIMIT, ...action }: Declared & { fields?: readonly string[]; free?: readonly string[] }): StaffAction {
  const properties = Object.fromEntries([...fields.map((f) => [f, TEXT]), ...free.map((f) => [f, {}])])
  return { ...action, kind: 'json', bodyLimit, body: { type: 'object', properties, additionalProperties: false } }
}

/** An upload (multipart/form-data): one file of at most `bodyLimit` bytes, its reader's own limits on the rest (server/staff/http/multipart.ts). */
export function uploadAction(action: Declared & { bodyLimit: number }): StaffAction {
  return { ...action, kind: 'upload' }
}
