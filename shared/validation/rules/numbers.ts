import { msgKey } from '../define'
import { decimal, notAbove, parseDecimal } from '../decimal'
import { groupDigits } from '../text'
import type { RuleDef } from '../types'

const MAXIMA = {
  maxInt32: { text: '2147483647', summary: 'A number not above 2147483647 (the largest 32-bit integer); use with integer for whole numbers.' },
  maxDecimal2: { text: '9999999999999.99', summary: 'A number not above 9999999999999.99 (13 integer digits, 2 decimals).' },
  maxDecimal3: { text: '9999999999999.999', summary: 'A number not above 9999999999999.999 (13 integer digits, 3 decimals).' },
}

/** '9999999999999.99' -> '9,999,999,999,999.99' (the same in Japanese and English). */
function displayNumber(text: string): string {
  const [int = '', frac] = text.split('.')
  return frac === undefined ? groupDigits(int) : `${groupDigits(int)}.${frac}`
}

function maximumRule(id: keyof typeof MAXIMA): RuleDef {
  const { text, summary } = MAXIMA[id]
  const max = decimal(text)
  const key = msgKey(id)
  return {
    id,
    family: 'numbers',
    summary,
    params: [],
    messageKeys: [key],
    test: (value) => {
      const d = parseDecimal(value)
      return d !== null && notAbove(d, max)
    },
    message: () => ({ key, values: { max: displayNumber(text) } }),
  }
}

export const numberRules: RuleDef[] = [
  {
    id: 'integer',
    family: 'numbers',
    summary: "An integer written with half-width digits and an optional '-' ('1e3', '1.0' and '+1' fail).",
    params: [],
    messageKeys: [msgKey('integer')],
    test: (value) => {
      const d = parseDecimal(value)
      return d !== null && d.frac === ''
    },
    message: () => ({ key: msgKey('integer') }),
  },
  {
    id: 'maxDecimals',
    family: 'numbers',
    summary: "A number with at most max digits after the point, counted as typed ('1.50' has 2).",
    params: [{ name: 'max', kind: 'decimals', description: '1, 2 or 3', example: 2 }],
    messageKeys: [msgKey('maxDecimals')],
    test: (value, [max]) => {
      const d = parseDecimal(value)
      return d !== null && d.frac.length <= (max as number)
    },
    message: ([max]) => ({ key: msgKey('maxDecimals'), values: { max: max as number } }),
  },
  maximumRule('maxInt32'),
  maximumRule('maxDecimal2'),
  maximumRule('maxDecimal3'),
]
