import t from 'tap'
// The catalogue's messages, as the server gives them (the browser gives the trees its page loaded).
import '../../../shared/validation/server'
import { hasControlChars, printable } from '../../../shared/validation/control-chars'
import { validateValue } from '../../../shared/validation/index'

const hex = (cp: number) => 'U+' + cp.toString(16).toUpperCase().padStart(4, '0')
const CONTROL = (cp: number) => cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f) || cp === 0x2028 || cp === 0x2029 || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)
const TEXT_IN_TEXTAREA = new Set([0x09, 0x0a])

t.test('noControlChars: every C0 and C1 control, DEL, the separators and the bidi controls, and nothing else', async (t) => {
  let refused = 0
  for (let cp = 0; cp <= 0x3000; cp++) {
    const value = `a${String.fromCharCode(cp)}b`
    const single = validateValue('noControlChars', value, [], 'en')
    const multi = validateValue('noControlChars', value, ['multiLine'], 'en')
    if (CONTROL(cp)) refused++
    if ((single === null) === CONTROL(cp)) t.fail(`${hex(cp)}: single-line ${single === null ? 'accepted' : 'refused'}`)
    const multiRefuses = CONTROL(cp) && !TEXT_IN_TEXTAREA.has(cp)
    if ((multi === null) === multiRefuses) t.fail(`${hex(cp)}: multi-line ${multi === null ? 'accepted' : 'refused'}`)
  }
  t.equal(refused, 32 + 33 + 2 + 5 + 4, 'C0, DEL and C1, U+2028/2029, U+202A-202E, U+2066-2069')
  t.equal(validateValue('noControlChars', 'a\r\nb', ['multiLine']), null, 'CR LF is a line break')
  t.type(validateValue('noControlChars', 'a\rb', ['multiLine']), 'string', 'a lone CR is not (it moves a terminal back to the line start)')
  t.equal(validateValue('noControlChars', '𠮷野家😀'), null, 'characters outside the BMP pass')
})

t.test('printable: controls become visible escapes, the rest is untouched', async (t) => {
  t.equal(printable('\u001B[31mred\u001B[0m'), '\\u001B[31mred\\u001B[0m', 'no terminal escape sequence survives')
  t.equal(printable('Evil\nEmail: x@example.net'), 'Evil\\nEmail: x@example.net', 'a line break cannot start a new line')
  t.equal(printable('a\r\nb\tc'), 'a\\r\\nb\\tc')
  t.equal(printable('\u202Etxt.exe\u0085\u009B\u007F\u2028'), '\\u202Etxt.exe\\u0085\\u009B\\u007F\\u2028')
  t.equal(printable('山田 太郎　é 😀'), '山田 太郎　é 😀')
  t.equal(printable('line 1\r\nline 2\n\tindented\u001B', true), 'line 1\nline 2\n\tindented\\u001B', 'multi-line: line breaks and tabs kept')
  t.equal(printable('over\rwrite', true), 'over\\rwrite', 'a lone CR is escaped even in multi-line text')
  for (let cp = 0; cp <= 0x3000; cp++) {
    const out = printable(`a${String.fromCharCode(cp)}b`)
    if (hasControlChars(out)) t.fail(`${hex(cp)} survives printable()`)
    if (hasControlChars(printable(`a${String.fromCharCode(cp)}b`, true), true)) t.fail(`${hex(cp)} survives printable(multiLine)`)
  }
})
