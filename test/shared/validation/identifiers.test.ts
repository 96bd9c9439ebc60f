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

t.test('noForbiddenChars needs a non-empty string or a non-empty array of single characters', async (t) => {
  t.throws(() => validateValue('noForbiddenChars', 'a', ['']), /non-empty string/)
  t.throws(() => validateValue('noForbiddenChars', 'a'), /parameter chars is missing/)
  const bad: [string, unknown][] = [
    ['an empty array', []],
    ['an empty item', ['<', '']],
    ['an item of two characters', ['<', 'ab']],
    ['an item of two code points (emoji + skin tone)', ['👍🏽']],
    ['a non-string item', ['<', 1]],
    ['a nested array', [['<']]],
    ['a null item', [null]],
  ]
  for (const [what, chars] of bad) {
    t.throws(() => validateValue('noForbiddenChars', 'a', [chars]), /parameter chars must be a non-empty string or a non-empty array of single characters/, what)
  }
  t.throws(() => validateValue('noForbiddenChars', 'a', [[1n]]), /parameter chars must be/, 'an unprintable array still gives the parameter error')
})

t.test('noForbiddenChars takes the characters as a string or as an array', async (t) => {
  const values = ['plain', 'a<b', '[x]', '𠮷', '𠮷野家', '\uD842', 'x\n', '']
  for (const value of values) {
    for (const locale of ['ja', 'en'] as const) {
      t.equal(
        validateValue('noForbiddenChars', value, [['<', '>', '[', ']', '𠮷', '\n']], locale),
        validateValue('noForbiddenChars', value, ['<>[]𠮷\n'], locale),
        `same verdict for ${JSON.stringify(value)} (${locale})`,
      )
    }
  }
  t.type(validateValue('noForbiddenChars', 'a<b', [['<']]), 'string', "['<'] refuses a<b")
  t.equal(validateValue('noForbiddenChars', 'a<b', [['>']]), null, "['>'] accepts a<b")
  t.type(validateValue('noForbiddenChars', '𠮷野家', [['𠮷']]), 'string', 'a surrogate pair is one character')
  t.equal(validateValue('noForbiddenChars', '𠮷野家', [['\uD842']]), null, 'a lone surrogate item does not match half of a pair')
  t.type(validateValue('noForbiddenChars', 'ok\u3000', [['\u3000', '　']]), 'string', 'duplicates are fine')
})

t.test('url refuses what the URL parser would silently clean up', async (t) => {
  t.equal(new URL('https://example.com/\n').href, 'https://example.com/', 'the parser drops the line break')
  t.type(validateValue('url', 'https://example.com/\n'), 'string', 'the rule does not')
  t.type(validateValue('url', 'https://exam\tple.com/'), 'string')
})
