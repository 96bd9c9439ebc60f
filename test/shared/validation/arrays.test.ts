import t from 'tap'
import { validateValue } from '../../../shared/validation/index'
import { arrayExamples, arrayMessages } from './examples/arrays'
import { runExamples, runMessages } from './helpers'

runExamples(t, 'arrays', arrayExamples)
runMessages(t, arrayMessages)

t.test('select parameters are checked', async (t) => {
  t.throws(() => validateValue('selectBetween', [], [3, 2]), /min must not exceed max/)
  t.throws(() => validateValue('selectMin', [], [-1]), /integer >= 0/)
  t.throws(() => validateValue('selectExactly', []), /parameter count is missing/)
})

t.test('an empty array is a value, an absent one is not', async (t) => {
  t.type(validateValue('selectMin', [], [1]), 'string', '[] is zero items')
  t.equal(validateValue('selectMin', null, [1]), null, 'null is an unanswered optional field')
  t.equal(validateValue('exactlyOneTrue', undefined, ['x']), null)
  t.equal(validateValue('exactlyOneTrue', undefined), null, 'also without a label')
})

t.test('exactlyOneTrue: the label is optional', async (t) => {
  // Used to throw 'exactlyOneTrue: parameter label is missing'.
  t.doesNotThrow(() => validateValue('exactlyOneTrue', [true, true]))
  t.equal(validateValue('exactlyOneTrue', [true, true]), '1つだけチェックしてください。', 'without a label (ja, the default locale)')
  t.equal(validateValue('exactlyOneTrue', [true, true], undefined, 'en'), 'Please check only one.', 'without a label (en)')
  t.equal(validateValue('exactlyOneTrue', [true, false]), null, 'exactly one true passes without a label')
  t.equal(validateValue('exactlyOneTrue', [true, true], ['主担当者']), '主担当者は1つだけチェックしてください。', 'with a label (ja)')
  t.equal(validateValue('exactlyOneTrue', [true, true], ['the main contact'], 'en'), 'Please the main contact check only one.', 'with a label (en)')
  t.equal(validateValue('exactlyOneTrue', [false, true], ['the main contact'], 'en'), null, 'exactly one true passes with a label')
  t.throws(() => validateValue('exactlyOneTrue', [true], [1]), /parameter label must be a string/, 'a label must still be a string')
  t.throws(() => validateValue('exactlyOneTrue', [true], ['a', 'b']), /takes 1 parameter/)
})
