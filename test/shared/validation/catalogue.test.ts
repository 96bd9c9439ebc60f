import t from 'tap'
import jaUnits from '../../../locales/ja/units.json' with { type: 'json' }
import enUnits from '../../../locales/en/units.json' with { type: 'json' }
import { lookupMessage } from '../../../shared/i18n/messages'
import { catalogue, getRule, validateValue } from '../../../shared/validation/index'
import { checkParams } from '../../../shared/validation/params'
import { show } from './helpers'

const exampleParams = (id: string) => getRule(id).params.map((p) => p.example)

t.test('catalogue data: unique ids, families, summaries, message keys in both locales', async (t) => {
  const ids = catalogue.map((r) => r.id)
  t.equal(new Set(ids).size, ids.length, 'ids are unique')
  for (const rule of catalogue) {
    t.match(rule.id, /^[a-z][A-Za-z0-9]*$/, `${rule.id}: a camelCase id`)
    t.ok(rule.summary.length > 10, `${rule.id}: has a summary`)
    t.ok(rule.messageKeys.length > 0, `${rule.id}: has message keys`)
    for (const key of rule.messageKeys) {
      t.type(lookupMessage({ units: jaUnits, titles: {} }, key), 'string', `${key} exists in ja`)
      t.type(lookupMessage({ units: enUnits, titles: {} }, key), 'string', `${key} exists in en`)
    }
    const ref = rule.message(checkParams(rule, exampleParams(rule.id)), 'en')
    t.ok(rule.messageKeys.includes(ref.key), `${rule.id}: reports one of its declared keys`)
  }
})

t.test('the spec families are all present', async (t) => {
  const expected = ['required', 'maxBytes', 'notBlank', 'noControlChars', 'maxChars', 'halfWidth', 'digits', 'letters', 'upperCase', 'lowerCase', 'alphanumeric', 'alphanumericLength', 'digitsHyphen', 'digitsLength', 'digitsMin', 'digitsMax', 'hiragana', 'katakana', 'kana', 'digitsHyphenDigits', 'startsWithAt', 'startsWithUrl', 'imageDataUri', 'email', 'phone', 'localPhone', 'fax', 'postalCode', 'domain', 'ipv4', 'ipv6', 'macAddress', 'notLocalIp', 'corporateNumber', 'invoiceNumber', 'slug', 'url', 'filePath', 'fileName', 'iconPath', 'xId', 'facebookId', 'instagramId', 'lineId', 'youtubeChannelId', 'noForbiddenChars', 'dateNotBeforeToday', 'dateMax', 'integer', 'maxDecimals', 'maxInt32', 'maxDecimal2', 'maxDecimal3', 'mustBeTrue', 'mustBeFalse', 'uniqueItems', 'exactlyOneTrue', 'selectExactly', 'selectMin', 'selectMax', 'selectBetween', 'requiredSelect', 'sameAs']
  t.same(catalogue.map((r) => r.id).sort(), [...expected].sort(), 'the catalogue holds exactly these rules')
})

t.test('only required, requiredSelect and mustBeTrue refuse empty values', async (t) => {
  const judges = ['required', 'requiredSelect', 'mustBeTrue']
  for (const rule of catalogue) {
    for (const empty of ['', null, undefined]) {
      const message = validateValue(rule.id, empty, exampleParams(rule.id), 'en')
      if (judges.includes(rule.id)) t.type(message, 'string', `${rule.id} refuses ${show(empty)}`)
      else t.equal(message, null, `${rule.id} passes ${show(empty)}`)
    }
  }
})

t.test('unknown rule ids throw, including prototype names and the async rules', async (t) => {
  for (const id of ['nope', '', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'REQUIRED']) {
    t.throws(() => validateValue(id, 'x'), /unknown validation rule/, `${JSON.stringify(id)} is unknown`)
  }
  t.throws(() => validateValue('unique', 'x'), /exported as its own function/)
  t.throws(() => validateValue('emptyToNull', ''), /exported as its own function/)
})

t.test('bad calls throw instead of passing silently', async (t) => {
  t.throws(() => validateValue('required', '', [], 'fr' as 'ja'), /unsupported locale/)
  t.throws(() => validateValue('maxChars', 'x', 5 as unknown as unknown[]), /parameters must be an array/)
  t.throws(() => validateValue('email', 'x', ['extra']), /takes 0 parameter/)
  t.equal(validateValue('required', ''), '入力してください。', 'the default locale is ja')
})
