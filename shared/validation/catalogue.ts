import { DUPLICATE_KEY } from './async'
import { arrayRules } from './rules/arrays'
import { booleanRules } from './rules/booleans'
import { characterRules } from './rules/characters'
import { contactRules } from './rules/contact'
import { dateRules } from './rules/dates'
import { identifierRules } from './rules/identifiers'
import { networkRules } from './rules/network'
import { numberRules } from './rules/numbers'
import { objectRules } from './rules/objects'
import { stringRules } from './rules/strings'
import type { RuleDef } from './types'

/** Every synchronous rule, in documentation order (grouped by family: strings, numbers, dates…). */
// Pure (no work at load): a page that imports the validation index for a date helper does not carry the rules.
export const catalogue: readonly RuleDef[] = /* @__PURE__ */ Object.freeze([
  ...stringRules,
  ...characterRules,
  ...contactRules,
  ...networkRules,
  ...identifierRules,
  ...dateRules,
  ...numberRules,
  ...booleanRules,
  ...arrayRules,
  ...objectRules,
])

let byIdMap: Map<string, RuleDef> | null = null

/** The rules by id, indexed on first use. */
function byId(): Map<string, RuleDef> {
  if (byIdMap) return byIdMap
  byIdMap = new Map()
  for (const rule of catalogue) {
    if (byIdMap.has(rule.id)) throw new Error(`duplicate validation rule id ${rule.id}`)
    byIdMap.set(rule.id, rule)
  }
  return byIdMap
}

export function findRule(id: string): RuleDef | undefined {
  return byId().get(id)
}

/** The rule with this id; throws for an unknown id (including the async rules and transforms). */
export function getRule(id: string): RuleDef {
  const rule = byId().get(id)
  if (rule) return rule
  const hint = ASYNC_AND_TRANSFORMS.some((e) => e.id === id) ? ` (${id} is exported as its own function)` : ''
  throw new Error(`unknown validation rule ${JSON.stringify(id)}${hint}`)
}

/** Documentation of the entries that are functions of their own rather than catalogue rules. */
export interface FunctionEntry {
  id: string
  signature: string
  summary: string
  messageKey?: string
}

export const ASYNC_AND_TRANSFORMS: readonly FunctionEntry[] = [
  { id: 'unique', signature: 'unique(isUnique)', summary: 'Asynchronous duplicate check: isUnique(value) resolves true when no other record uses the value. Empty values pass unchecked.', messageKey: DUPLICATE_KEY },
  { id: 'asyncCustom', signature: 'asyncCustom(checker, messageKey, values?)', summary: 'Asynchronous check with its own message: checker(value) resolves true when the value passes. Empty values pass unchecked.' },
  { id: 'emptyToNull', signature: 'emptyToNull(value)', summary: "Transform: '' (and NaN) becomes null, for string and number fields." },
  { id: 'nullToEmptyObject', signature: 'nullToEmptyObject(value)', summary: 'Transform: null and undefined become {}.' },
]
