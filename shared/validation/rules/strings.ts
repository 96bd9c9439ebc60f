import { hasControlChars } from '../control-chars'
import { msgKey, param, paramRule, simpleRule } from '../define'
import { asText, codePointLength, matches, textTest, utf8Length } from '../text'
import type { RuleDef } from '../types'

const REQUIRED_VARIANTS = ['input', 'select', 'date'] as const
const LINE_VARIANTS = ['singleLine', 'multiLine'] as const

/** Presence and shape of strings, prefixes and data URIs. */
export const stringRules: RuleDef[] = [
  {
    id: 'required',
    family: 'strings',
    summary: "A value is present: not '', null, undefined or an empty array (whitespace counts as a value; see notBlank).",
    params: [
      {
        name: 'variant',
        kind: 'variant',
        values: REQUIRED_VARIANTS,
        optional: true,
        default: 'input',
        description: 'which message to show',
        example: 'input',
      },
    ],
    messageKeys: REQUIRED_VARIANTS.map((v) => msgKey('required', v)),
    judgesEmpty: true,
    test: (value) => !(value === '' || value === null || value === undefined || (Array.isArray(value) && value.length === 0)),
    message: ([variant]) => ({ key: msgKey('required', String(variant)) }),
  },
  paramRule(
    'strings',
    'maxBytes',
    'UTF-8 byte length at most n (half-width letters 1 byte, most full-width characters 3).',
    [param.length('n', 'maximum bytes', 30)],
    (value, [n]) => {
      const text = asText(value)
      return text !== null && utf8Length(text) <= (n as number)
    },
    ([n]) => ({ half: n as number, full: Math.floor((n as number) / 3) }),
  ),
  simpleRule('strings', 'notBlank', 'Not made only of white space (spaces, full-width spaces, tabs, line breaks).', textTest((text) => text.trim() !== '')),
  {
    id: 'noControlChars',
    family: 'strings',
    summary:
      "No control characters: C0 and C1 controls, DEL, U+2028/U+2029 and the bidirectional controls U+202A-U+202E, U+2066-U+2069; in a single line, no invisible characters either (U+00AD, U+061C, U+180E, U+200B-U+200F, U+2060-U+2065, U+206A-U+206F, U+FEFF, U+FFF9-U+FFFB, tags U+E0000-U+E007F). 'multiLine' allows line breaks (\\n, \\r\\n), tabs and invisible characters.",
    params: [
      {
        name: 'lines',
        kind: 'variant',
        values: LINE_VARIANTS,
        optional: true,
        default: 'singleLine',
        description: 'multiLine for a text area, whose line breaks and tabs are text (and whose invisible characters are kept, shown as escapes to staff)',
        example: 'singleLine',
      },
    ],
    messageKeys: LINE_VARIANTS.map((v) => msgKey('noControlChars', v)),
    test: (value, [lines]) => {
      const text = asText(value)
      return text !== null && !hasControlChars(text, lines === 'multiLine')
    },
    message: ([lines]) => ({ key: msgKey('noControlChars', String(lines)) }),
  },
  paramRule(
    'strings',
    'maxChars',
    'At most max characters, counted by Unicode code points.',
    [param.length('max', 'maximum characters', 50)],
    (value, [max]) => {
      const text = asText(value)
      return text !== null && codePointLength(text) <= (max as number)
    },
    ([max]) => ({ max: max as number }),
  ),
  simpleRule('strings', 'startsWithAt', "Starts with a half-width '@'.", textTest((text) => text.startsWith('@'))),
  paramRule(
    'strings',
    'startsWithUrl',
    'Starts with the given prefix (exact, case-sensitive).',
    [param.text('prefix', 'required beginning', 'https://www.instagram.com/')],
    (value, [prefix]) => {
      const text = asText(value)
      return text !== null && text.startsWith(prefix as string)
    },
    ([prefix]) => ({ prefix: prefix as string }),
  ),
  simpleRule(
    'strings',
    'imageDataUri',
    "An image data URI: 'data:image/<type>;base64,' followed by well-formed, non-empty base64.",
    matches(/^data:image\/[a-z0-9][a-z0-9.+-]*;base64,(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{4}|[A-Za-z0-9+/]{3}=|[A-Za-z0-9+/]{2}==)$/i),
  ),
]
