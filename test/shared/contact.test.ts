import t from 'tap'
import { contactFields, oneYearAfter } from '../../shared/contact/fields'
import { normalizeContact, toHalfWidth } from '../../shared/contact/normalize'
import { isReference } from '../../shared/contact/page-data'
import { checkContact } from '../../shared/contact/validate'
import { validateForm } from '../../shared/validation/ajv'
import { validateFields } from '../../shared/validation/form'

const TODAY = '2026-11-22'
const valid = {
  name: '山田 太郎',
  email: 'taro@example.com',
  emailConfirm: 'taro@example.com',
  inquiryType: 'estimate',
  message: 'こんにちは',
  privacyConsent: true,
}

t.test('full-width digits, letters, hyphens and spaces become half-width', async (t) => {
  t.equal(toHalfWidth('０３ー１２３４－５６７８'), '03-1234-5678')
  t.equal(toHalfWidth('ｔａｒｏ＠ＥＸＡＭＰＬＥ．ｃｏｍ'), 'taro@EXAMPLE.com')
  t.equal(toHalfWidth('０３‐１２３４−５６７８'), '03-1234-5678')
  const v = normalizeContact({ email: ' ｔａｒｏ＠example.com　', phone: '０９０ー１２３４ー５６７８', preferredDate: '２０２６／１２／１', name: '　山田　太郎　', nameKana: 'ヤマダ', message: 'a\r\nb\rc' })
  t.equal(v.email, 'taro@example.com')
  t.equal(v.phone, '090-1234-5678')
  t.equal(v.preferredDate, '2026-12-01')
  t.equal(v.name, '山田　太郎', 'other fields are only trimmed')
  t.equal(v.nameKana, 'ヤマダ', 'katakana is not touched')
  t.equal(v.message, 'a\nb\nc')
})

t.test('normalisation never trusts the input shape', async (t) => {
  const v = normalizeContact({ name: 42, privacyConsent: 'true', __proto__: { email: 'x@y.z' } } as unknown)
  t.equal(v.name, '')
  t.equal(v.email, '')
  t.equal(v.privacyConsent, false, 'only the boolean true ticks the box')
  t.same(normalizeContact(null), normalizeContact({}))
})

t.test('the site-visit date: today up to one year ahead', async (t) => {
  t.equal(oneYearAfter('2026-11-22'), '2027-11-22')
  t.equal(oneYearAfter('2028-02-29'), '2029-02-28')
  const check = (preferredDate: string) => checkContact(normalizeContact({ ...valid, preferredDate }), 'en', validateFields, TODAY).preferredDate
  t.equal(check(''), undefined, 'optional')
  t.equal(check('2026-11-22'), undefined, 'today')
  t.equal(check('2027-11-22'), undefined, 'one year ahead')
  t.equal(check('2026-11-21'), 'Please enter today or a later date.')
  t.equal(check('2027-11-23'), 'You can enter up to November 22, 2027.')
  t.equal(check('tomorrow'), 'Date Only.')
  t.equal(check('2026-02-30'), 'Date Only.')
})

t.test('browser (validateFields) and server (AJV) give the same answer', async (t) => {
  const samples: Record<string, unknown>[] = [
    {},
    valid,
    { ...valid, email: 'bad', emailConfirm: 'bad' },
    { ...valid, emailConfirm: 'other@example.com' },
    { ...valid, phone: '03-1234-567' },
    { ...valid, phone: '+81-3-1234-5678' },
    { ...valid, nameKana: 'やまだ' },
    { ...valid, message: ' \n\t ' },
    { ...valid, message: 'あ'.repeat(2001) },
    { ...valid, name: 'x'.repeat(101) },
    { ...valid, privacyConsent: false },
    { ...valid, inquiryType: 'holiday' },
    { ...valid, preferredDate: '2026-11-21' },
  ]
  for (const sample of samples) {
    for (const locale of ['ja', 'en'] as const) {
      const values = normalizeContact(sample)
      t.same(checkContact(values, locale, validateForm, TODAY), checkContact(values, locale, validateFields, TODAY), `${locale} ${JSON.stringify(sample).slice(0, 60)}`)
    }
  }
  t.same(checkContact(normalizeContact(valid), 'ja', validateForm, TODAY), {})
  t.same(Object.keys(checkContact(normalizeContact({}), 'ja', validateForm, TODAY)), ['name', 'email', 'emailConfirm', 'inquiryType', 'message', 'privacyConsent'], 'form order')
})

t.test('one definition object per day (compiled validators are reused)', async (t) => {
  t.equal(contactFields(TODAY), contactFields(TODAY))
  t.not(contactFields(TODAY), contactFields('2026-11-23'))
})

t.test('reference numbers', async (t) => {
  t.ok(isReference('Q-20261122-7F3K2A'))
  for (const bad of ['Q-20261122-7F3K2', 'Q-2026112-7F3K2A', 'Q-20261122-7F3K2I', 'q-20261122-7F3K2A', 'Q-20261122-7F3K2A ', null]) t.notOk(isReference(bad), String(bad))
})
