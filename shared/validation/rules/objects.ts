import { msgKey } from '../define'
import { deepEqual, UNSAFE_KEYS } from '../text'
import type { RuleDef } from '../types'

/** Own enumerable keys that count as a selection ('__proto__', 'constructor', 'prototype' never do). */
export function selectedKeys(value: object): string[] {
  return Object.keys(value).filter((k) => !UNSAFE_KEYS.has(k))
}

export const objectRules: RuleDef[] = [
  {
    id: 'requiredSelect',
    family: 'objects',
    summary: 'A plain object (a selection map) with at least one own key; `__proto__`, `constructor` and `prototype` keys do not count.',
    params: [],
    messageKeys: [msgKey('requiredSelect')],
    judgesEmpty: true,
    test: (value) => typeof value === 'object' && value !== null && !Array.isArray(value) && selectedKeys(value).length > 0,
    message: () => ({ key: msgKey('requiredSelect') }),
  },
  {
    id: 'sameAs',
    family: 'objects',
    summary: "Equal to another value (strict for text; deep for arrays and objects). In a form definition the parameter is { $field: 'name' }.",
    params: [{ name: 'other', kind: 'value', fieldRef: true, description: "the value to match; in forms { $field: 'otherField' }", example: 'a@example.com' }],
    messageKeys: [msgKey('sameAs')],
    test: (value, [other]) => deepEqual(value, other),
    message: () => ({ key: msgKey('sameAs') }),
  },
]
