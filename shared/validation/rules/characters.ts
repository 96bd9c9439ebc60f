import { param, paramRule, simpleRule } from '../define'
import { asText, matches } from '../text'
import type { RuleDef } from '../types'

// Character classes accept half-width (ASCII) characters only, so full-width digits and
// letters fail. Kana classes accept the NFC and NFD (combining sound marks) spellings.
const HIRAGANA = '\\u3041-\\u3096\\u3099-\\u309F\\u30FC' // letters, sound marks, ゝゞゟ, long vowel ー
const KATAKANA = '\\u3099-\\u309C\\u30A1-\\u30FF\\u31F0-\\u31FF' // full-width letters, ・ー ヽヾ, small Ainu kana

/** '123...' style example digits: n digits counting up from `start`, wrapping after 9. */
const digitRun = (start: number, n: number): string => Array.from({ length: n }, (_, i) => String((start + i) % 10)).join('')

const digitsOnly = (test: (length: number, params: readonly unknown[]) => boolean) => (value: unknown, params: readonly unknown[]) => {
  const text = asText(value)
  return text !== null && /^[0-9]+$/.test(text) && test(text.length, params)
}

export const characterRules: RuleDef[] = [
  simpleRule('characters', 'halfWidth', 'Half-width characters only: printable ASCII (space included) and half-width katakana.', matches(/^[\x20-\x7E\uFF61-\uFF9F]+$/u)),
  simpleRule('characters', 'digits', 'Half-width digits 0-9 only.', matches(/^[0-9]+$/)),
  simpleRule('characters', 'letters', 'Half-width letters A-Z, a-z only.', matches(/^[A-Za-z]+$/)),
  simpleRule('characters', 'upperCase', 'Half-width upper-case letters A-Z only.', matches(/^[A-Z]+$/)),
  simpleRule('characters', 'lowerCase', 'Half-width lower-case letters a-z only.', matches(/^[a-z]+$/)),
  simpleRule('characters', 'alphanumeric', 'Half-width letters and digits only.', matches(/^[A-Za-z0-9]+$/)),
  paramRule(
    'characters',
    'alphanumericLength',
    'Exactly length half-width letters and digits.',
    [param.length('length', 'exact number of characters', 8)],
    (value, [length]) => {
      const text = asText(value)
      return text !== null && /^[A-Za-z0-9]+$/.test(text) && text.length === length
    },
    ([length]) => ({ length: length as number }),
  ),
  simpleRule('characters', 'digitsHyphen', "Half-width digits and '-' only.", matches(/^[0-9-]+$/)),
  paramRule(
    'characters',
    'digitsLength',
    'Exactly length half-width digits.',
    [param.length('length', 'exact number of digits', 4)],
    digitsOnly((n, [length]) => n === length),
    ([length]) => ({ length: length as number }),
  ),
  paramRule(
    'characters',
    'digitsMin',
    'Half-width digits only, at least min of them.',
    [param.length('min', 'minimum number of digits', 4)],
    digitsOnly((n, [min]) => n >= (min as number)),
    ([min]) => ({ min: min as number }),
  ),
  paramRule(
    'characters',
    'digitsMax',
    'Half-width digits only, at most max of them.',
    [param.length('max', 'maximum number of digits', 4)],
    digitsOnly((n, [max]) => n <= (max as number)),
    ([max]) => ({ max: max as number }),
  ),
  simpleRule('characters', 'hiragana', 'Hiragana only (with ー and the iteration marks ゝゞ); no spaces.', matches(new RegExp(`^[${HIRAGANA}]+$`, 'u'))),
  simpleRule('characters', 'katakana', 'Full-width katakana only (with ー and ・); half-width katakana fails.', matches(new RegExp(`^[${KATAKANA}]+$`, 'u'))),
  simpleRule('characters', 'kana', 'Hiragana and full-width katakana only.', matches(new RegExp(`^[${HIRAGANA}${KATAKANA}]+$`, 'u'))),
  paramRule(
    'characters',
    'digitsHyphenDigits',
    "first half-width digits, '-', second half-width digits (3 and 4: '123-4567').",
    [param.length('first', 'digits before the hyphen', 3), param.length('second', 'digits after the hyphen', 4)],
    (value, [first, second]) => {
      const text = asText(value)
      return text !== null && new RegExp(`^[0-9]{${first as number}}-[0-9]{${second as number}}$`).test(text)
    },
    ([first, second]) => ({
      first: first as number,
      second: second as number,
      example: `${digitRun(1, first as number)}-${digitRun(4, second as number)}`,
    }),
  ),
]
