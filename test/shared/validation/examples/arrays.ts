import type { Examples, MessageCase } from '../helpers'

export const arrayExamples: Examples = {
  uniqueItems: [
    {
      valid: [[], ['a'], ['a', 'A', 'ａ'], [1, '1'], [{ a: 1 }, { a: 2 }], [[1, 2], [2, 1]], [true, false], ['𠮷', '\uD842']],
      invalid: [['a', 'a'], [1, 2, 1], [{ a: 1, b: 2 }, { b: 2, a: 1 }], [[1, 2], [1, 2]], [null, null], 'aa', { 0: 'a', 1: 'a' }],
    },
  ],
  exactlyOneTrue: [
    { params: ['the main contact'], valid: [[true], [false, true, false]], invalid: [[], [false, false], [true, true], ['true', false], [true, 'x'], [1, false], [true, null], 'true', { 0: true }] },
    // The label is optional; a blank one counts as none.
    { valid: [[true], [false, true]], invalid: [[true, true], [], [false], ['true'], 'true'] },
    { params: [''], valid: [[true]], invalid: [[true, true]] },
  ],
  selectExactly: [
    { params: [2], valid: [['a', 'b'], [1, 1]], invalid: [[], ['a'], ['a', 'b', 'c'], 'ab', { length: 2 }] },
    { params: [0], valid: [[]], invalid: [['a']] },
  ],
  selectMin: [{ params: [2], valid: [['a', 'b'], ['a', 'b', 'c']], invalid: [[], ['a'], 'abc'] }],
  selectMax: [{ params: [2], valid: [[], ['a'], ['a', 'b']], invalid: [['a', 'b', 'c'], 'a', { a: true }] }],
  selectBetween: [
    { params: [2, 3], valid: [['a', 'b'], ['a', 'b', 'c']], invalid: [[], ['a'], ['a', 'b', 'c', 'd'], 'ab'] },
    { params: [1, 1], valid: [['a']], invalid: [['a', 'b']] },
  ],
}

export const arrayMessages: MessageCase[] = [
  { id: 'uniqueItems', value: [1, 1], ja: '同じ項目が重複して選択されています。', en: 'The same item is selected more than once.' },
  { id: 'exactlyOneTrue', params: ['主担当者'], value: [true, true], ja: '主担当者は1つだけチェックしてください。', en: 'Please 主担当者 check only one.' },
  { id: 'exactlyOneTrue', params: ['the main contact'], value: [], ja: 'the main contactは1つだけチェックしてください。', en: 'Please the main contact check only one.' },
  { id: 'exactlyOneTrue', value: [true, true], ja: '1つだけチェックしてください。', en: 'Please check only one.' },
  { id: 'exactlyOneTrue', params: [], value: [false, false], ja: '1つだけチェックしてください。', en: 'Please check only one.' },
  { id: 'exactlyOneTrue', params: [undefined], value: [true, true], ja: '1つだけチェックしてください。', en: 'Please check only one.' },
  { id: 'exactlyOneTrue', params: [''], value: [true, true], ja: '1つだけチェックしてください。', en: 'Please check only one.' },
  { id: 'exactlyOneTrue', params: [' \u3000'], value: [true, true], ja: '1つだけチェックしてください。', en: 'Please check only one.' },
  { id: 'selectExactly', params: [3], value: [], ja: '3件選択してください。', en: 'Select 3 items.' },
  { id: 'selectExactly', params: [1], value: [], ja: '1件選択してください。', en: 'Select 1 item.' },
  { id: 'selectMin', params: [2], value: [], ja: '2件以上選択してください。', en: 'Select 2 items or more.' },
  { id: 'selectMax', params: [2], value: [1, 2, 3], ja: '2件以内で選択してください。', en: 'Select 2 items or less.' },
  { id: 'selectBetween', params: [2, 4], value: [], ja: '2〜4件の範囲で選択してください。', en: 'Select 2 to 4 items.' },
]
