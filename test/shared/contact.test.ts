import t from 'tap'
// The catalogue's messages, as the server gives them (the browser gives the trees its page loaded).
import '../../shared/validation/server'
import { contactFields, oneYearAfter } from '../../shared/pages/contact/fields'
import { normalizeContact, toHalfWidth } from '../../shared/pages/contact/normalize'
import { isReference } from '../../shared/pages/contact/page-data'
import { checkContact } from '../../shared/pages/contact/validate'
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
  const v = normalizeContact({ email: ' ｔａｒｏ＠example.com　', phone: '０９０ー１２３４ー５６７８', preferredDate: '２０２６／１２／１', name: '　山田　太郎　', nameKana: 'ヤマダ', message: 'a\r\nb\rc' }, 'ja')
  t.equal(v.email, 'taro@example.com')
  t.equal(v.phone, '090-1234-5678')
  t.equal(v.preferredDate, '2026-12-01')
  t.equal(v.name, '山田　太郎', 'other fields are only trimmed')
  t.equal(v.nameKana, 'ヤマダ', 'katakana is not touched')
  t.equal(v.message, 'a\nb\nc')
})

t.test('normalisation never trusts the input shape', async (t) => {
  const v = normalizeContact({ name: 42, privacyConsent: 'true', __proto__: { email: 'x@y.z' } } as unknown, 'ja')
  t.equal(v.name, '')
  t.equal(v.email, '')
  t.equal(v.privacyConsent, false, 'only the boolean true ticks the box')
  t.same(normalizeContact(null, 'ja'), normalizeContact({}, 'ja'))
})

t.test('the site-visit date: today up to one year ahead', async (t) => {
  t.equal(oneYearAfter('2026-11-22'), '2027-11-22')
  t.equal(oneYearAfter('2028-02-29'), '2029-02-28')
  const check = (preferredDate: string) => checkContact(normalizeContact({ ...valid, preferredDate }, 'en'), 'en', validateFields, TODAY).preferredDate
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
    { ...valid, nameKana: 'ヤマダ タロウ' },
    { ...valid, nameKana: 'ヤマダ　たろう' },
    { ...valid, nameKana: 'ア'.repeat(101) },
    { ...valid, message: ' \n\t ' },
    { ...valid, message: 'あ'.repeat(2001) },
    { ...valid, name: 'x'.repeat(101) },
    { ...valid, privacyConsent: false },
    { ...valid, inquiryType: 'holiday' },
    { ...valid, preferredDate: '2026-11-21' },
    { ...valid, name: 'Evil\u001B[2J' },
    { ...valid, name: 'Evil\nEmail: x@example.net' },
    { ...valid, company: 'ACME\u202E' },
    { ...valid, nameKana: 'ヤマダ\u0085' },
    { ...valid, message: 'line 1\r\nline 2\ttab' },
    { ...valid, message: 'bell\u0007' },
  ]
  for (const sample of samples) {
    for (const locale of ['ja', 'en'] as const) {
      const values = normalizeContact(sample, locale)
      t.same(checkContact(values, locale, validateForm, TODAY), checkContact(values, locale, validateFields, TODAY), `${locale} ${JSON.stringify(sample).slice(0, 60)}`)
    }
  }
  t.same(checkContact(normalizeContact(valid, 'ja'), 'ja', validateForm, TODAY), {})
  t.same(Object.keys(checkContact(normalizeContact({}, 'ja'), 'ja', validateForm, TODAY)), ['name', 'email', 'emailConfirm', 'inquiryType', 'message', 'privacyConsent'], 'form order')
})

t.test('control characters: refused in one-line fields, line breaks and tabs allowed in the message only', async (t) => {
  for (const run of [validateFields, validateForm]) {
    const check = (fields: Record<string, string>, locale: 'ja' | 'en' = 'ja') => checkContact(normalizeContact({ ...valid, ...fields }, locale), locale, run, TODAY)
    t.same(check({ name: '山田\u001B[31m太郎' }), { name: '改行・タブ・ゼロ幅スペースなどの見えない文字や制御文字は入力できません。' }, `${run.name}: ESC in the name`)
    t.same(check({ name: '山田\n太郎' }, 'en'), { name: 'Line breaks, tabs, invisible characters (such as zero-width spaces) and other control characters cannot be used here.' }, `${run.name}: a line break in the name`)
    t.same(check({ name: '山田\t太郎' }), { name: '改行・タブ・ゼロ幅スペースなどの見えない文字や制御文字は入力できません。' }, `${run.name}: a tab in the name`)
    t.same(check({ company: '蒼栄\u2066建設' }), { company: '改行・タブ・ゼロ幅スペースなどの見えない文字や制御文字は入力できません。' }, `${run.name}: a bidi isolate in the company`)
    t.same(check({ message: '1行目\n2行目\r\n\t3行目' }), {}, `${run.name}: line breaks and tabs in the message`)
    t.same(check({ message: '1行目\u001B[2J' }), { message: '使用できない制御文字が含まれています。' }, `${run.name}: ESC in the message`)
    t.same(check({ name: '\n山田 太郎\t' }), {}, `${run.name}: leading and trailing white space is trimmed first`)
    const invisible = '改行・タブ・ゼロ幅スペースなどの見えない文字や制御文字は入力できません。'
    t.same(check({ name: '山田\u200B太郎', company: '蒼栄\u2060建設' }), { name: invisible, company: invisible }, `${run.name}: invisible characters in one-line fields`)
    t.same(check({ nameKana: 'ヤマダ\u200Cタロウ' }), { nameKana: invisible }, `${run.name}: in the furigana, that message rather than the katakana one`)
    t.same(check({ nameKana: 'ヤマダ\uFEFFタロウ' }), {}, `${run.name}: U+FEFF is white space to the furigana's folding, which makes it the visible full-width space`)
    t.equal(normalizeContact({ ...valid, nameKana: 'ヤマダ\uFEFFタロウ' }, 'ja').nameKana, 'ヤマダ　タロウ')
    t.same(check({ nameKana: 'ヤマダ　タロウ', name: '山田 太郎' }), {}, `${run.name}: the furigana's space is no invisible character`)
    t.same(check({ message: '見積\u200Bもり 👨\u200D👩' }), {}, `${run.name}: kept in the message`)
  }
})

t.test('furigana: spaces between the words are allowed, as one full-width space', async (t) => {
  const kana = (nameKana: string) => normalizeContact({ ...valid, nameKana }, 'ja').nameKana
  t.equal(kana('ヤマダ タロウ'), 'ヤマダ　タロウ', 'half-width space')
  t.equal(kana('ヤマダ　タロウ'), 'ヤマダ　タロウ', 'full-width space')
  t.equal(kana(' 　ヤマダ  　タロウ　'), 'ヤマダ　タロウ', 'runs collapsed, ends trimmed')
  t.equal(kana('ヤマダタロウ'), 'ヤマダタロウ')
  for (const run of [validateFields, validateForm]) {
    const check = (nameKana: string) => checkContact(normalizeContact({ ...valid, nameKana }, 'ja'), 'ja', run, TODAY).nameKana
    t.equal(check('ヤマダ タロウ'), undefined, `${run.name}: half-width space passes`)
    t.equal(check('ヤマダ　タロウ'), undefined, `${run.name}: full-width space passes`)
    t.equal(check('ヤマダ　タロウ・ジュニア'), undefined, `${run.name}: three words`)
    t.equal(check('ヤマダ　たろう'), '全角カタカナで入力してください。', `${run.name}: still katakana only`)
    t.equal(check('ﾔﾏﾀﾞ ﾀﾛｳ'), '全角カタカナで入力してください。', `${run.name}: half-width katakana still fails`)
    t.equal(check('ア'.repeat(100)), undefined, `${run.name}: 100 characters`)
    t.equal(check('ア'.repeat(50) + ' ' + 'ア'.repeat(50)), '100文字以内で入力してください。', `${run.name}: the space counts toward the 100 characters`)
    t.equal(check('あ'.repeat(101)), '全角カタカナで入力してください。', `${run.name}: the character check comes first`)
  }
})

t.test('furigana is asked on the Japanese form only: ignored for English', async (t) => {
  t.equal(normalizeContact({ ...valid, nameKana: 'やまだ' }, 'en').nameKana, '', 'a Japanese draft\'s invalid kana is dropped')
  t.equal(normalizeContact({ ...valid, nameKana: 'ヤマダ' }, 'en').nameKana, '', 'and a valid one (the English form has no such field)')
  t.equal(normalizeContact({ ...valid, nameKana: 'ヤマダ' }, 'ja').nameKana, 'ヤマダ')
  for (const run of [validateFields, validateForm]) {
    const values = { ...normalizeContact(valid, 'en'), nameKana: 'やまだ' }
    t.same(checkContact(values, 'en', run, TODAY), {}, `${run.name}: never reported in English, even when present`)
    t.same(Object.keys(checkContact(values, 'ja', run, TODAY)), ['nameKana'], `${run.name}: reported in Japanese`)
  }
})

t.test('one definition object per day (compiled validators are reused)', async (t) => {
  t.equal(contactFields(TODAY), contactFields(TODAY))
  t.not(contactFields(TODAY), contactFields('2026-11-23'))
})

t.test('reference numbers', async (t) => {
  t.ok(isReference('Q-20261122-7F3K2A'))
  for (const bad of ['Q-20261122-7F3K2', 'Q-2026112-7F3K2A', 'Q-20261122-7F3K2I', 'q-20261122-7F3K2A', 'Q-20261122-7F3K2A ', null]) t.notOk(isReference(bad), String(bad))
})
