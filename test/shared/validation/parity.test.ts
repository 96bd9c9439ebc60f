// Browser (validateValue / validateFields) and server (AJV + ajv-errors through buildSchema)
// must give the same verdict and the same message for the same input, for every rule.
import t from 'tap'
// Everything from the public interface (index.ts), as a user outside this repo would import it.
import { catalogue, validateFields, validateForm, validateValue, type FormFields, type Locale } from '../../../shared/validation/server'
import { allExamples } from './examples/index'
import { show } from './helpers'

const LOCALES: Locale[] = ['ja', 'en']
const EMPTIES = ['', null, undefined]

t.test('every catalogue rule: validateValue and AJV agree on every example, in both locales', async (t) => {
  for (const rule of catalogue) {
    t.test(rule.id, async (t) => {
      const cases = allExamples[rule.id]
      // A rule added to the catalogue without examples fails here.
      t.ok(cases && cases.some((c) => c.valid.length) && cases.some((c) => c.invalid.length), `${rule.id} has valid and invalid examples`)
      for (const c of cases ?? []) {
        const form: FormFields = { f: { rules: [{ id: rule.id, ...(c.params ? { params: c.params } : {}) }] } }
        for (const value of [...c.valid, ...c.invalid, ...EMPTIES]) {
          for (const locale of LOCALES) {
            const browser = validateValue(rule.id, value, c.params, locale)
            const server = validateForm(form, { f: value }, locale).f ?? null
            t.equal(server, browser, `${rule.id} ${show(value)} ${locale}: ${browser ?? 'passes'}`)
          }
        }
        for (const locale of LOCALES) {
          const absent = validateForm(form, {}, locale).f ?? null
          t.equal(absent, validateValue(rule.id, undefined, c.params, locale), `${rule.id}: an absent field is judged as undefined (${locale})`)
        }
      }
    })
  }
})

const contactForm: FormFields = {
  name: { rules: [{ id: 'required' }, { id: 'notBlank' }, { id: 'maxChars', params: [50] }] },
  kana: { rules: [{ id: 'kana' }, { id: 'maxBytes', params: [90] }] },
  email: { rules: [{ id: 'required' }, { id: 'email' }] },
  emailConfirm: { rules: [{ id: 'required' }, { id: 'sameAs', params: [{ $field: 'email' }] }] },
  tel: { rules: [{ id: 'phone' }] },
  topics: { rules: [{ id: 'required', params: ['select'] }, { id: 'uniqueItems' }, { id: 'selectBetween', params: [1, 2] }] },
  visit: { rules: [{ id: 'dateNotBeforeToday', params: ['Asia/Tokyo', '2024-04-01'] }, { id: 'dateMax', params: ['2024-12-31'] }] },
  budget: { rules: [{ id: 'maxDecimals', params: [2] }, { id: 'maxDecimal2' }] },
  agree: { rules: [{ id: 'mustBeTrue' }] },
}

const ok = {
  name: '蒼栄 太郎',
  kana: 'そうえいたろう',
  email: 'taro@example.co.jp',
  emailConfirm: 'taro@example.co.jp',
  tel: '03-1234-5678',
  topics: ['build'],
  visit: '2024-04-01',
  budget: '1500000.50',
  agree: true,
}

const inputs: [string, unknown][] = [
  ['a complete, valid form', ok],
  ['nothing at all', {}],
  ['every field broken', { name: ' \n', kana: 'ｿｳｴｲ', email: 'taro@', emailConfirm: 'jiro@example.co.jp', tel: '1234', topics: ['a', 'a'], visit: '2024-02-30', budget: '1e3', agree: 'true' }],
  ['emails that differ only by a trailing newline', { ...ok, emailConfirm: 'taro@example.co.jp\n' }],
  ['an empty confirmation', { ...ok, emailConfirm: '' }],
  ['too many topics, a date after the maximum', { ...ok, topics: ['a', 'b', 'c'], visit: '2025-01-01' }],
  ['empty optional fields', { ...ok, kana: '', tel: null, budget: '', visit: '' }],
  ['13 integer digits and 3 decimals', { ...ok, budget: '9999999999999.999' }],
  ['a JSON body with __proto__ and unknown keys', JSON.parse(`{"__proto__": {"name": "x", "agree": true}, "constructor": 1, "extra": "x", "email": "a@b.jp"}`)],
  ['inherited values are not values', Object.assign(Object.create({ name: 'x', agree: true }) as object, { email: 'a@b.jp' })],
  ['an array', [ok]],
  ['null', null],
  ['a string', 'name=taro'],
]

t.test('whole forms: validateFields (browser) and validateForm (AJV) return the same errors', async (t) => {
  for (const [what, input] of inputs) {
    for (const locale of LOCALES) {
      const browser = validateFields(contactForm, input, locale)
      t.same(validateForm(contactForm, input, locale), browser, `${what} (${locale}): ${Object.keys(browser).join(', ') || 'no errors'}`)
    }
  }
  t.same(validateFields(contactForm, ok), {}, 'the valid form really is valid')
  t.same(Object.keys(validateFields(contactForm, inputs[2]?.[1])).sort(), Object.keys(contactForm).sort(), 'the broken form really breaks every field')
})
