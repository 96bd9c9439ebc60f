import t from 'tap'
import { validateValue } from '../../../shared/validation/index'
import { identifierExamples, identifierMessages } from './examples/identifiers'
import { runExamples, runMessages } from './helpers'

runExamples(t, 'identifiers', identifierExamples)
runMessages(t, identifierMessages)

t.test('13-digit limits of corporate and invoice numbers', async (t) => {
  const digits = '1234567890123'
  t.equal(validateValue('corporateNumber', digits), null)
  t.equal(validateValue('invoiceNumber', `T${digits}`), null)
  for (const n of [12, 14]) {
    const d = '7'.repeat(n)
    t.type(validateValue('corporateNumber', d), 'string', `${n} digits is not a corporate number`)
    t.type(validateValue('invoiceNumber', `T${d}`), 'string', `T + ${n} digits is not an invoice number`)
  }
})

t.test('noForbiddenChars needs a non-empty string of characters', async (t) => {
  t.throws(() => validateValue('noForbiddenChars', 'a', ['']), /non-empty string/)
  t.throws(() => validateValue('noForbiddenChars', 'a', [['<', '>']]), /non-empty string/)
  t.throws(() => validateValue('noForbiddenChars', 'a'), /parameter chars is missing/)
})

t.test('url refuses what the URL parser would silently clean up', async (t) => {
  t.equal(new URL('https://example.com/\n').href, 'https://example.com/', 'the parser drops the line break')
  t.type(validateValue('url', 'https://example.com/\n'), 'string', 'the rule does not')
  t.type(validateValue('url', 'https://exam\tple.com/'), 'string')
})
