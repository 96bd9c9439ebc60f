import { msgKey, param, paramRule } from '../define'
import { deepEqual } from '../text'
import type { RuleDef } from '../types'

/** Message variants of exactlyOneTrue: units.validation.exactlyOneTrue.<variant>. */
const EXACTLY_ONE_TRUE_VARIANTS = ['withLabel', 'withoutLabel'] as const

// Array rules judge arrays only (any other value fails); an empty array is a value, not
// "empty": [] fails selectExactly(2) but an absent (undefined/null/'') value passes.
const lengthRule = (
  id: string,
  summary: string,
  params: RuleDef['params'],
  ok: (length: number, params: readonly unknown[]) => boolean,
  names: readonly string[],
): RuleDef =>
  paramRule('arrays', id, summary, params, (value, p) => Array.isArray(value) && ok(value.length, p), (p) =>
    Object.fromEntries(names.map((name, i) => [name, p[i] as number])),
  )

export const arrayRules: RuleDef[] = [
  {
    id: 'uniqueItems',
    family: 'arrays',
    summary: 'An array without two equal items (deep equality for objects; 1 and "1" differ).',
    params: [],
    messageKeys: [msgKey('uniqueItems')],
    test: (value) => Array.isArray(value) && value.every((item, i) => value.findIndex((other) => deepEqual(other, item)) === i),
    message: () => ({ key: msgKey('uniqueItems') }),
  },
  {
    id: 'exactlyOneTrue',
    family: 'arrays',
    summary: 'An array of booleans with exactly one true (any non-boolean item fails).',
    params: [
      {
        name: 'label',
        kind: 'label',
        optional: true,
        description: 'what to check, inserted in the message; without it (or when blank) the message names nothing',
        example: 'the main contact',
      },
    ],
    messageKeys: EXACTLY_ONE_TRUE_VARIANTS.map((v) => msgKey('exactlyOneTrue', v)),
    test: (value) => Array.isArray(value) && value.every((v) => typeof v === 'boolean') && value.filter((v) => v === true).length === 1,
    // A blank label would leave a gap in the sentence ('Please  check only one.'): treated as none.
    message: ([label]) =>
      typeof label === 'string' && label.trim() !== ''
        ? { key: msgKey('exactlyOneTrue', 'withLabel'), values: { label } }
        : { key: msgKey('exactlyOneTrue', 'withoutLabel') },
  },
  lengthRule('selectExactly', 'An array of exactly count items.', [param.count('count', 'number of items', 3)], (n, [count]) => n === count, ['count']),
  lengthRule('selectMin', 'An array of at least min items.', [param.count('min', 'minimum items', 2)], (n, [min]) => n >= (min as number), ['min']),
  lengthRule('selectMax', 'An array of at most max items.', [param.count('max', 'maximum items', 3)], (n, [max]) => n <= (max as number), ['max']),
  {
    ...lengthRule(
      'selectBetween',
      'An array of min to max items (inclusive).',
      [param.count('min', 'minimum items', 2), param.count('max', 'maximum items (>= min)', 4)],
      (n, [min, max]) => n >= (min as number) && n <= (max as number),
      ['min', 'max'],
    ),
    checkParams: ([min, max]) => {
      if ((min as number) > (max as number)) throw new TypeError('selectBetween: min must not exceed max')
    },
  },
]
