// The public interface alone (shared/validation/server.ts) is enough to compile and run the
// schema of buildSchema: its custom `v:<id>` keywords need the AJV instance of createValidationAjv.
import t from 'tap'
import { Ajv } from 'ajv'
import * as validation from '../../../shared/validation/server'
import { buildSchema, compileForm, createValidationAjv, formErrors, validateFields, validateForm, validateValue, type FormFields } from '../../../shared/validation/server'

const fields: FormFields = {
  name: { rules: [{ id: 'required' }, { id: 'maxChars', params: [5] }] },
  code: { rules: [{ id: 'noForbiddenChars', params: [['<', '>']] }] },
  main: { rules: [{ id: 'exactlyOneTrue' }] },
}
const bad = { name: '山田太郎です', code: 'a<b', main: [true, true] }

t.test('server.ts exports the server-side functions', async (t) => {
  for (const name of ['buildSchema', 'createValidationAjv', 'compileForm', 'validateForm', 'formErrors'] as const) {
    t.type(validation[name], 'function', name)
  }
})

t.test('a plain Ajv cannot compile the schema: the rule keywords are custom', async (t) => {
  t.throws(() => new Ajv().compile(buildSchema(fields, 'en')), /unknown keyword/)
})

t.test('buildSchema compiled with createValidationAjv reports the localised messages', async (t) => {
  for (const [locale, expected] of [
    ['en', { name: 'Please enter up to 5 characters.', code: 'Contains characters that cannot be used', main: 'Please check only one.' }],
    ['ja', { name: '5文字以内で入力してください。', code: '使用できない文字が含まれています。', main: '1つだけチェックしてください。' }],
  ] as const) {
    const validate = createValidationAjv().compile(buildSchema(fields, locale))
    t.equal(validate(bad), false, `${locale}: the value fails`)
    t.same(formErrors(validate.errors), expected, `${locale}: field -> localised message`)
    t.same(formErrors(validate.errors), validateFields(fields, bad, locale), `${locale}: the same as the browser check`)
    t.equal(expected.name, validateValue('maxChars', bad.name, [5], locale), `${locale}: the same message as validateValue`)
    t.equal(validate({ name: '山田', code: 'ab', main: [false, true] }), true, `${locale}: valid data passes`)
    t.same(formErrors(createValidationAjv().compile(buildSchema(fields, locale)).errors), {}, `${locale}: no errors before a run`)
  }
  const validate = createValidationAjv().compile(buildSchema(fields, 'en'))
  t.equal(validate({}), false)
  t.same(formErrors(validate.errors), { name: 'Please enter a value.' }, 'an absent required field gets its message')
})

t.test('compileForm and validateForm give the same answer', async (t) => {
  const validate = compileForm(fields, 'en')
  t.equal(validate(bad), false)
  t.same(formErrors(validate.errors), validateForm(fields, bad, 'en'))
  t.same(validateForm(fields, bad, 'ja'), { name: '5文字以内で入力してください。', code: '使用できない文字が含まれています。', main: '1つだけチェックしてください。' })
})
