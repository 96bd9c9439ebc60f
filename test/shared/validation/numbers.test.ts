import t from 'tap'
import { validateValue } from '../../../shared/validation/index'
import { decimal, notAbove, parseDecimal } from '../../../shared/validation/decimal'
import { numberExamples, numberMessages } from './examples/numbers'
import { runExamples, runMessages } from './helpers'

runExamples(t, 'numbers', numberExamples)
runMessages(t, numberMessages)

t.test('numbers are judged on the text as typed', async (t) => {
  t.same(parseDecimal('1.50'), { negative: false, int: '1', frac: '50' }, "'1.50' keeps its two decimals")
  t.same(parseDecimal('-007.0'), { negative: true, int: '7', frac: '0' })
  t.equal(parseDecimal('1e3'), null, "'1e3' is not accepted as typed text")
  t.equal(parseDecimal(1e21), null, 'a number value is judged on its JavaScript text (1e+21)')
  t.equal(9999999999999.991, 9999999999999.99, 'the two values are the same double...')
  t.notOk(notAbove(decimal('9999999999999.991'), decimal('9999999999999.99')), '...but not the same text')
  t.type(validateValue('maxDecimal2', '9999999999999.991'), 'string', 'so maxDecimal2 refuses the larger text')
  t.ok(notAbove(decimal('-0.5'), decimal('0')))
  t.ok(notAbove(decimal('-0.0'), decimal('0')), "'-0.0' is not above 0")
  t.notOk(notAbove(decimal('0.1'), decimal('0')), "'0.1' is above 0")
  t.notOk(notAbove(decimal('10'), decimal('9.999')), 'more integer digits win over decimals')
})

t.test('maxDecimals takes 1, 2 or 3', async (t) => {
  for (const bad of [0, 4, '2', 2.5]) t.throws(() => validateValue('maxDecimals', '1', [bad]), /1, 2 or 3/, `refuses ${String(bad)}`)
})

t.test('maxInt32 alone or with integer', async (t) => {
  t.equal(validateValue('maxInt32', '2147483647.5'), validateValue('maxInt32', '2147483648'), 'a decimal above the maximum fails alone')
  t.type(validateValue('integer', '2147483646.5'), 'string', 'integer refuses what maxInt32 accepts')
  t.equal(validateValue('maxInt32', '2147483646.5'), null)
})
