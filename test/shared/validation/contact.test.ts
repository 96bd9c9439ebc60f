import t from 'tap'
import { validateValue } from '../../../shared/validation/index'
import { contactExamples, contactMessages } from './examples/contact'
import { runExamples, runMessages } from './helpers'

runExamples(t, 'contact', contactExamples)
runMessages(t, contactMessages)

t.test('a phone number written internationally, with hyphens, or as bare digits passes phone and fax', async (t) => {
  for (const n of ['+81-3-1234-5678', '03-1234-5678', '09012345678']) {
    t.equal(validateValue('phone', n), null, `phone ${n}`)
    t.equal(validateValue('fax', n), null, `fax ${n}`)
  }
  t.type(validateValue('localPhone', '+81-3-1234-5678'), 'string', 'an international number is not a local one')
})

t.test('email length limits: 254 in total, 64 for the local part', async (t) => {
  const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.jp` // 194 characters
  const ok = `${'a'.repeat(59)}@${domain}` // 254
  t.equal(ok.length, 254)
  t.equal(validateValue('email', ok), null)
  t.type(validateValue('email', 'a' + ok), 'string', '255 characters is too long')
})
