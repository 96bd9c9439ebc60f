import t from 'tap'
import { validateValue } from '../../../shared/validation/index'
import { characterExamples, characterMessages } from './examples/characters'
import { runExamples, runMessages } from './helpers'

runExamples(t, 'characters', characterExamples)
runMessages(t, characterMessages)

t.test('character classes refuse every full-width digit and letter', async (t) => {
  const fullWidthDigits = Array.from({ length: 10 }, (_, i) => String.fromCharCode(0xff10 + i))
  for (const d of fullWidthDigits) {
    for (const id of ['digits', 'alphanumeric', 'digitsHyphen', 'halfWidth']) t.type(validateValue(id, d), 'string', `${id} refuses U+${d.charCodeAt(0).toString(16).toUpperCase()}`)
  }
  t.type(validateValue('letters', 'Ａ'), 'string', 'full-width A is not a letter')
  t.type(validateValue('digitsLength', '１２３４', [4]), 'string', 'four full-width digits are not four digits')
})

t.test('half-width katakana counts as half-width but not as katakana', async (t) => {
  t.equal(validateValue('halfWidth', 'ｿｴｲｹﾝｾﾂ'), null)
  t.type(validateValue('katakana', 'ｿｴｲｹﾝｾﾂ'), 'string')
  t.type(validateValue('kana', 'ｿｴｲ'), 'string')
})

t.test('length parameters are checked', async (t) => {
  t.throws(() => validateValue('digitsLength', '1', [0]), /digitsLength: parameter length must be an integer >= 1/)
  t.throws(() => validateValue('digitsHyphenDigits', '1-1', [1]), /parameter second is missing/)
  t.throws(() => validateValue('alphanumericLength', 'a', [Number.NaN]), /integer >= 1/)
})
