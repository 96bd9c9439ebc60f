import type { Examples, MessageCase } from '../helpers'

// JSON.parse creates an own '__proto__' key, as a hostile POST body would.
const protoOnly = JSON.parse('{"__proto__": {"polluted": true}}') as unknown
const protoAndKey = JSON.parse('{"__proto__": {"polluted": true}, "tokyo": true}') as unknown
const inherited = Object.create({ tokyo: true }) as unknown

export const objectExamples: Examples = {
  requiredSelect: [
    {
      valid: [{ tokyo: true }, { a: false }, protoAndKey, Object.assign(Object.create(null) as object, { a: 1 })],
      invalid: [{}, null, undefined, '', [], ['a'], 'tokyo', 1, true, protoOnly, inherited, { constructor: true }, { prototype: 1 }],
    },
  ],
  sameAs: [
    { params: ['a@example.com'], valid: ['a@example.com'], invalid: ['A@example.com', 'a@example.com ', 'a@example.com\n', 'ａ@example.com'] },
    { params: [undefined], valid: [''], invalid: ['x'] },
    { params: [['a', 'b']], valid: [['a', 'b']], invalid: [['b', 'a'], 'a,b'] },
    { params: [1], valid: [1], invalid: ['1'] },
  ],
}

export const objectMessages: MessageCase[] = [
  { id: 'requiredSelect', value: {}, ja: '1つ以上選択してください。', en: 'Please select at least one.' },
  { id: 'sameAs', params: ['a'], value: 'b', ja: '同じ値を入力してください。', en: 'Please Same Value.' },
]
