/**
 * Characters that are never text a visitor means to send: the C0 controls (ESC starts a
 * terminal escape sequence), DEL, the C1 controls, the Unicode line and paragraph separators
 * and the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069),
 * which reorder what a terminal or a mail client shows. In a multi-line field (a textarea)
 * the line feed, the CR LF pair and the tab are text; everywhere else they are controls too.
 */
const OTHER = '\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069'
/**
 * Characters that print as nothing: the soft hyphen, the Arabic letter mark (U+061C), the Mongolian
 * vowel separator, the zero-width space, non-joiner and joiner and the left-to-right and right-to-left
 * marks (U+200B-U+200F), the word joiner and invisible operators (U+2060-U+2065), the deprecated format
 * characters (U+206A-U+206F), the zero-width no-break space (U+FEFF, the byte order mark), the
 * interlinear annotation marks (U+FFF9-U+FFFB) and the tag characters (U+E0000-U+E007F, as their
 * UTF-16 pairs). In a one-line field they only make two different values look the same ('v\u200Bictim'),
 * so they are refused there; a long text may hold them for a reason (a joiner inside an emoji), so they
 * are kept there and shown as escapes wherever staff read it (printable).
 */
const INVISIBLE_CLASS = '\\u00AD\\u061C\\u180E\\u200B-\\u200F\\u2060-\\u2065\\u206A-\\u206F\\uFEFF\\uFFF9-\\uFFFB'
const TAGS = '\\uDB40[\\uDC00-\\uDC7F]'
const INVISIBLE = `[${INVISIBLE_CLASS}]|${TAGS}`
const SINGLE_LINE = `[\\u0000-\\u001F${OTHER}]`
// The C0 controls without \t (U+0009), \n (U+000A) and \r (U+000D); a CR is text only before a LF.
const MULTI_LINE = `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F${OTHER}]|\\r(?!\\n)`
const FIND = { single: new RegExp(`${SINGLE_LINE}|${INVISIBLE}`), multi: new RegExp(MULTI_LINE) }
/** What printable() escapes: the controls of each kind of field, and the invisible characters in both. */
const ALL = { single: new RegExp(`${SINGLE_LINE}|${INVISIBLE}`, 'g'), multi: new RegExp(`${MULTI_LINE}|${INVISIBLE}`, 'g') }

/**
 * True when `text` holds a control character (line breaks and tabs allowed when `multiLine`). A one-line
 * text may not hold an invisible character either; a multi-line one may (printable() shows it).
 */
export function hasControlChars(text: string, multiLine = false): boolean {
  return (multiLine ? FIND.multi : FIND.single).test(text)
}

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** '\u001B' for ESC, '\u200B' for a zero-width space, '\u{E0041}' for a tag character. */
const hexEscape = (cp: number) => (cp > 0xffff ? `\\u{${cp.toString(16).toUpperCase()}}` : '\\u' + cp.toString(16).toUpperCase().padStart(4, '0'))

/** How a control or invisible character is shown: '\n' for a line feed, '\u001B' for ESC. */
function escapeControl(ch: string): string {
  return NAMED[ch] ?? hexEscape(ch.codePointAt(0)!)
}

/**
 * Visitor text made safe to print to a terminal or into a mail's text: every control
 * character, and every character that prints as nothing, is shown as a visible escape
 * ('\u001B', '\n', '\u200B') instead of acting or hiding. With `multiLine`, line feeds and
 * tabs stay (a CR LF pair becomes a line feed). Stored rows may predate the form's
 * `noControlChars` rule, so output never relies on it.
 */
export function printable(text: string, multiLine = false): string {
  if (!multiLine) return text.replace(ALL.single, escapeControl)
  return text.replace(/\r\n/g, '\n').replace(ALL.multi, escapeControl)
}

/**
 * Runs of control or invisible characters, for callers that replace rather than escape them (a mail
 * header's display name).
 */
export const CONTROL_RUNS = new RegExp(`(?:[\\u0000-\\u001F${OTHER}${INVISIBLE_CLASS}]|${TAGS})+`, 'g')

/**
 * The characters JSON.stringify leaves as they are but a terminal would act on or hide: DEL, the C1
 * controls, U+2028/2029, the bidi controls and the invisible characters (each UTF-16 unit of a match
 * becomes a \u escape: the same data, visible).
 */
export const JSON_UNESCAPED = new RegExp(`[${OTHER}${INVISIBLE_CLASS}]|${TAGS}`, 'g')
