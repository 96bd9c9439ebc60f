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
})
