import t from 'tap'
// The catalogue's messages, as the server gives them (the browser gives the trees its page loaded).
import '../../../shared/validation/server'
import { buildSchema, validateFields, validateValue, type FormFields } from '../../../shared/validation/index'
import { compileForm, createValidationAjv, formErrors, validateForm } from '../../../shared/validation/ajv'

const form: FormFields = {
  name: { rules: [{ id: 'required' }, { id: 'maxChars', params: [5] }] },
  email: { rules: [{ id: 'email' }] },
  confirm: { rules: [{ id: 'sameAs', params: [{ $field: 'email' }] }] },
  agree: { rules: [{ id: 'mustBeTrue' }] },
  note: { rules: [] },
}

t.test('buildSchema: one allOf entry per rule with its localised message; absent-value messages under required', async (t) => {
  t.same(buildSchema(form, 'en'), {
    type: 'object',
    properties: {
      name: {
        allOf: [
          { 'v:required': [], errorMessage: 'Please enter a value.' },
          { 'v:maxChars': [5], errorMessage: 'Please enter up to 5 characters.' },
        ],
      },
      email: { allOf: [{ 'v:email': [], errorMessage: 'Check Email.' }] },
      confirm: { allOf: [{ 'v:sameAs': [{ $field: 'email' }], errorMessage: 'Please Same Value.' }] },
      agree: { allOf: [{ 'v:mustBeTrue': [], errorMessage: 'Please check.' }] },
      note: {},
    },
    required: ['name', 'agree'],
    errorMessage: {
      type: 'The form could not be read. Please reload the page and try again.',
      required: { name: 'Please enter a value.', agree: 'Please check.' },
    },
  })
  const ja = buildSchema(form)
  t.same((ja.errorMessage as { required: unknown }).required, { name: '入力してください。', agree: 'チェックを入れてください。' }, 'ja is the default')
  t.same(JSON.parse(JSON.stringify(ja)), ja, 'the schema is plain JSON')
})

t.test('validateForm reports the first failing rule of each field', async (t) => {
  t.same(validateForm(form, { name: 'Taro', agree: true }, 'en'), {})
  t.same(validateForm(form, { name: 'Taro Yamada', email: 'x', confirm: 'y', agree: false }, 'en'), {
    name: 'Please enter up to 5 characters.',
    email: 'Check Email.',
    confirm: 'Please Same Value.',
    agree: 'Please check.',
  })
  t.same(validateForm(form, { name: null, agree: true }, 'ja'), { name: '入力してください。' }, 'null is empty')
  t.same(validateForm(form, { name: 'a', agree: true, email: 'a@b.jp', confirm: 'a@b.jp', note: { any: 'thing' } }, 'en'), {}, 'a field without rules accepts anything')
  t.same(validateForm(form, { name: 'a', agree: true, confirm: 'x' }, 'en'), { confirm: 'Please Same Value.' }, 'a reference to an absent field is undefined')
})

t.test('posted data is read through own properties only', async (t) => {
  const body = JSON.parse('{"__proto__": {"name": "Taro", "agree": true}, "email": "x"}') as unknown
  const expected = { name: 'Please enter a value.', email: 'Check Email.', agree: 'Please check.' }
  t.same(validateForm(form, body, 'en'), expected, 'values under __proto__ are not fields')
  t.same(validateFields(form, body, 'en'), expected)
  const inherited = Object.create({ name: 'Taro', agree: true }) as object
  t.same(validateForm(form, inherited, 'en'), { name: 'Please enter a value.', agree: 'Please check.' }, 'inherited values are not fields')
  t.equal(({} as { name?: unknown }).name, undefined, 'nothing was polluted')
})

t.test('field names are decoded from JSON pointers', async (t) => {
  const odd: FormFields = { 'a/b': { rules: [{ id: 'digits' }] }, 'c~d': { rules: [{ id: 'digits' }] }, お名前: { rules: [{ id: 'required' }] } }
  const input = { 'a/b': 'x', 'c~d': 'y' }
  t.same(validateForm(odd, input, 'en'), { 'a/b': 'Numeric Only', 'c~d': 'Numeric Only', お名前: 'Please enter a value.' })
  t.same(validateFields(odd, input, 'en'), validateForm(odd, input, 'en'))
})

t.test('input that is not an object', async (t) => {
  for (const input of [null, [], 'name=taro', 42, true]) {
    t.same(validateForm(form, input, 'en'), { '': 'The form could not be read. Please reload the page and try again.' })
    t.same(validateFields(form, input, 'ja'), { '': 'フォームの内容を読み取れませんでした。ページを再読み込みして、もう一度お試しください。' })
  }
})

t.test('bad form definitions throw when the schema is built', async (t) => {
  const bad: [string, unknown, RegExp][] = [
    ['unknown rule', { a: { rules: [{ id: 'nope' }] } }, /unknown validation rule "nope"/],
    ['bad parameter', { a: { rules: [{ id: 'maxChars', params: ['5'] }] } }, /maxChars: parameter max/],
    ['reference where none is allowed', { a: { rules: [{ id: 'maxChars', params: [{ $field: 'b' }] }] }, b: { rules: [] } }, /cannot be a field reference/],
    ['reference to an unknown field', { a: { rules: [{ id: 'sameAs', params: [{ $field: 'b' }] }] } }, /unknown field b/],
    ['__proto__ field', JSON.parse('{"__proto__": {"rules": []}}'), /unsafe or empty field name/],
    ['constructor field', { constructor: { rules: [] } }, /unsafe or empty field name/],
    ['empty field name', { '': { rules: [] } }, /unsafe or empty field name/],
    // ajv-errors would find Object.prototype.toString when looking up the message of 'toString'
    ['Object.prototype member as field name', { toString: { rules: [{ id: 'required' }] } }, /unsafe or empty field name/],
    ['hasOwnProperty as field name', { hasOwnProperty: { rules: [] } }, /unsafe or empty field name/],
    ['rules not an array', { a: { rules: 'required' } }, /rules must be an array/],
    ['not an object', [], /must be an object/],
    ['a message ajv-errors would interpolate', { a: { rules: [{ id: 'exactlyOneTrue', params: ['${/password}'] }] } }, /ajv-errors would interpolate/],
  ]
  for (const [what, fields, re] of bad) t.throws(() => buildSchema(fields as FormFields), re, what)
  t.equal(validateValue('exactlyOneTrue', [true], ['${/password}']), null, 'validateValue itself is unaffected by the ajv-errors limitation')
})

t.test('AJV instance and compiled validators', async (t) => {
  t.equal(compileForm(form, 'en'), compileForm(form, 'en'), 'compiled once per form and locale')
  t.not(compileForm(form, 'en'), compileForm(form, 'ja'))
  const ajv = createValidationAjv()
  t.throws(() => ajv.compile({ 'v:maxChars': ['x'] }), /maxChars: parameter max/, 'hand-written schemas are checked too')
  t.throws(() => ajv.compile({ 'v:nope': [] }), /unknown keyword/, 'strict mode catches unknown rule keywords')
  const validate = ajv.compile({ type: 'object', properties: { code: { allOf: [{ 'v:postalCode': [], errorMessage: 'bad code' }] } } })
  t.equal(validate({ code: '123-4567' }), true)
  t.equal(validate({ code: '１２３-４５６７' }), false)
  t.same(formErrors(validate.errors), { code: 'bad code' })
  t.same(formErrors(null), {})
})
