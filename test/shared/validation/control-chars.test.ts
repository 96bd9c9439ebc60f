import t from 'tap'
// The catalogue's messages, as the server gives them (the browser gives the trees its page loaded).
import '../../../shared/validation/server'
import { hasControlChars, printable } from '../../../shared/validation/control-chars'
import { validateValue } from '../../../shared/validation/index'

const hex = (cp: number) => 'U+' + cp.toString(16).toUpperCase().padStart(4, '0')
const CONTROL = (cp: number) => cp <= 0x1f || (cp >= 0x7f && cp <= 0x9f) || cp === 0x2028 || cp === 0x2029 || (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)
/** Characters that print as nothing (the zero-width and joiner marks, word joiner and BOM first, then the rest of their kind). */
const INVISIBLE = (cp: number) =>
  cp === 0x061c ||
  (cp >= 0x200b && cp <= 0x200f) ||
  (cp >= 0x2060 && cp <= 0x2064) ||
  cp === 0xfeff ||
  cp === 0x00ad ||
  cp === 0x180e ||
  cp === 0x2065 ||
  (cp >= 0x206a && cp <= 0x206f) ||
  (cp >= 0xfff9 && cp <= 0xfffb) ||
  (cp >= 0xe0000 && cp <= 0xe007f)
const TEXT_IN_TEXTAREA = new Set([0x09, 0x0a])
/** Every BMP code point but the surrogates, and the tag block with its neighbours. */
const CODE_POINTS = [...Array.from({ length: 0x10000 }, (_, cp) => cp).filter((cp) => cp < 0xd800 || cp > 0xdfff), ...Array.from({ length: 0x90 }, (_, i) => 0xdfff0 + i)]

t.test('noControlChars: controls everywhere, invisible characters in one line only, and nothing else', async (t) => {
  let refused = 0
  let invisible = 0
  for (const cp of CODE_POINTS) {
    const value = `a${String.fromCodePoint(cp)}b`
    const single = validateValue('noControlChars', value, [], 'en')
    const multi = validateValue('noControlChars', value, ['multiLine'], 'en')
    if (CONTROL(cp)) refused++
    if (INVISIBLE(cp)) invisible++
    const singleRefuses = CONTROL(cp) || INVISIBLE(cp)
    if ((single === null) === singleRefuses) t.fail(`${hex(cp)}: single-line ${single === null ? 'accepted' : 'refused'}`)
    const multiRefuses = CONTROL(cp) && !TEXT_IN_TEXTAREA.has(cp)
    if ((multi === null) === multiRefuses) t.fail(`${hex(cp)}: multi-line ${multi === null ? 'accepted' : 'refused'}`)
  }
  t.equal(refused, 32 + 33 + 2 + 5 + 4, 'C0, DEL and C1, U+2028/2029, U+202A-202E, U+2066-2069')
  t.equal(invisible, 1 + 5 + 5 + 1 + 1 + 1 + 1 + 6 + 3 + 128, 'U+061C, U+200B-200F, U+2060-2064, U+FEFF; U+00AD, U+180E, U+2065, U+206A-206F, U+FFF9-FFFB, the tags')
  for (const cp of [0x061c, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xfeff]) {
    t.equal(validateValue('noControlChars', `v${String.fromCodePoint(cp)}ictim`, [], 'en'), 'Line breaks, tabs, invisible characters (such as zero-width spaces) and other control characters cannot be used here.', `${hex(cp)} refused in one line, with its message`)
  }
  t.equal(validateValue('noControlChars', 'a\r\nb', ['multiLine']), null, 'CR LF is a line break')
  t.type(validateValue('noControlChars', 'a\rb', ['multiLine']), 'string', 'a lone CR is not (it moves a terminal back to the line start)')
  t.equal(validateValue('noControlChars', '𠮷野家😀'), null, 'characters outside the BMP pass')
  t.equal(validateValue('noControlChars', '❤️ 🇯🇵'), null, 'variation selectors and flags are not invisible')
  t.equal(validateValue('noControlChars', 'family 👨\u200D👩\u200D👧', ['multiLine']), null, 'a message may hold a joiner (an emoji sequence)')
})

t.test('printable: controls and invisible characters become visible escapes, the rest is untouched', async (t) => {
  t.equal(printable('\u001B[31mred\u001B[0m'), '\\u001B[31mred\\u001B[0m', 'no terminal escape sequence survives')
  t.equal(printable('Evil\nEmail: x@example.net'), 'Evil\\nEmail: x@example.net', 'a line break cannot start a new line')
  t.equal(printable('a\r\nb\tc'), 'a\\r\\nb\\tc')
  t.equal(printable('\u202Etxt.exe\u0085\u009B\u007F\u2028'), '\\u202Etxt.exe\\u0085\\u009B\\u007F\\u2028')
  t.equal(printable('v\u200Bictim\uFEFF\u061C'), 'v\\u200Bictim\\uFEFF\\u061C', 'invisible characters are shown')
  t.equal(printable('a\u{E0041}b'), 'a\\u{E0041}b', 'a tag character by its code point')
  t.equal(printable('👨\u200D👩 line\n2', true), '👨\\u200D👩 line\n2', 'multi-line: shown too, line breaks kept')
  t.equal(printable('山田 太郎　é 😀 ❤️'), '山田 太郎　é 😀 ❤️')
  t.equal(printable('line 1\r\nline 2\n\tindented\u001B', true), 'line 1\nline 2\n\tindented\\u001B', 'multi-line: line breaks and tabs kept')
  t.equal(printable('over\rwrite', true), 'over\\rwrite', 'a lone CR is escaped even in multi-line text')
  for (const cp of CODE_POINTS) {
    const ch = String.fromCodePoint(cp)
    const out = printable(`a${ch}b`)
    if (hasControlChars(out)) t.fail(`${hex(cp)} survives printable()`)
    const multi = printable(`a${ch}b`, true)
    if (hasControlChars(multi, true) || (INVISIBLE(cp) && multi.includes(ch))) t.fail(`${hex(cp)} survives printable(multiLine)`)
  }
})
