import t from 'tap'
import { validateValue } from '../../../shared/validation/index'
import { codePointLength, utf8Length } from '../../../shared/validation/text'
import { stringExamples, stringMessages } from './examples/strings'
import { runExamples, runMessages, show } from './helpers'

runExamples(t, 'strings', stringExamples)
runMessages(t, stringMessages)

t.test('required: the variant only changes the message; bad variants throw', async (t) => {
  for (const variant of ['input', 'select', 'date']) {
    t.equal(validateValue('required', 'x', [variant]), null, `${variant} accepts a value`)
  }
  t.equal(validateValue('required', '', [undefined], 'en'), 'Please enter a value.', 'an undefined variant means input')
  t.throws(() => validateValue('required', '', ['radio']), /required: parameter variant must be input \| select \| date/)
  t.throws(() => validateValue('required', '', ['input', 'extra']), /takes 1 parameter/)
})

t.test('maxBytes: byte lengths and the limit boundary', async (t) => {
  const lengths: [string, number][] = [
    ['a', 1],
    ['é', 2],
    ['あ', 3],
    ['ｱ', 3], // half-width katakana is still 3 bytes in UTF-8
    ['𠮷', 4],
    ['😀', 4],
    ['\uD800', 3],
    ['\r\n', 2],
  ]
  for (const [text, bytes] of lengths) t.equal(utf8Length(text), bytes, `${show(text)} is ${bytes} bytes`)
  t.equal(utf8Length('あいう𠮷a'), new TextEncoder().encode('あいう𠮷a').length, 'agrees with TextEncoder')
  t.equal(validateValue('maxBytes', 'あ'.repeat(10), [30]), null, '10 full-width characters fit in 30 bytes')
  t.type(validateValue('maxBytes', 'あ'.repeat(10) + 'a', [30]), 'string', 'one more byte does not')
  t.equal(validateValue('maxBytes', 'あ', [2], 'en'), 'Please enter up to 2 half-width characters or 0 full-width characters.', 'floor(2 / 3) = 0')
  t.throws(() => validateValue('maxBytes', 'a', [0]), /integer >= 1/)
  t.throws(() => validateValue('maxBytes', 'a', ['30']), /got "30"/)
  t.throws(() => validateValue('maxBytes', 'a', []), /parameter n is missing/)
})

t.test('maxChars counts code points, not UTF-16 units', async (t) => {
  t.equal('𠮷'.length, 2)
  t.equal(codePointLength('𠮷'), 1)
  t.equal(validateValue('maxChars', '𠮷'.repeat(5), [5]), null, 'five surrogate pairs are five characters')
  t.equal(validateValue('maxChars', 'が', [1]), null, 'precomposed が is one character')
  t.type(validateValue('maxChars', 'か\u3099', [1]), 'string', 'decomposed が is two code points')
  t.throws(() => validateValue('maxChars', 'a', [1.5]), /integer >= 1/)
})

t.test('notBlank trims every kind of white space, including U+3000', async (t) => {
  for (const blank of [' ', '\t', '\n', '\r', '\v', '\f', '\u3000', '\u00A0', '\u2028', '\uFEFF']) {
    t.type(validateValue('notBlank', blank + blank), 'string', `${show(blank)} is blank`)
  }
  t.equal(validateValue('notBlank', '\u200B'), null, 'a zero-width space is not white space for trim()')
})
