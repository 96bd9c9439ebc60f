/**
 * Characters that are never text a visitor means to send: the C0 controls (ESC starts a
 * terminal escape sequence), DEL, the C1 controls, the Unicode line and paragraph separators
 * and the bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069),
 * which reorder what a terminal or a mail client shows. In a multi-line field (a textarea)
 * the line feed, the CR LF pair and the tab are text; everywhere else they are controls too.
 */
const OTHER = '\\u007F-\\u009F\\u2028\\u2029\\u202A-\\u202E\\u2066-\\u2069'
const SINGLE_LINE = `[\\u0000-\\u001F${OTHER}]`
// The C0 controls without \t (U+0009), \n (U+000A) and \r (U+000D); a CR is text only before a LF.
const MULTI_LINE = `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F${OTHER}]|\\r(?!\\n)`
const FIND = { single: new RegExp(SINGLE_LINE), multi: new RegExp(MULTI_LINE) }
const ALL = { single: new RegExp(SINGLE_LINE, 'g'), multi: new RegExp(MULTI_LINE, 'g') }

/** True when `text` holds a control character (line breaks and tabs allowed when `multiLine`). */
export function hasControlChars(text: string, multiLine = false): boolean {
  return (multiLine ? FIND.multi : FIND.single).test(text)
}

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' }

/** How a control character is shown: '\n' for a line feed, '\u001B' for ESC. */
function escapeControl(ch: string): string {
  return NAMED[ch] ?? '\\u' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')
}

/**
 * Visitor text made safe to print to a terminal or into a mail's text: every control
 * character is shown as a visible escape ('\u001B', '\n') instead of acting. With
 * `multiLine`, line feeds and tabs stay (a CR LF pair becomes a line feed). Stored rows
 * may predate the form's `noControlChars` rule, so output never relies on it.
 */
export function printable(text: string, multiLine = false): string {
  if (!multiLine) return text.replace(ALL.single, escapeControl)
  return text.replace(/\r\n/g, '\n').replace(ALL.multi, escapeControl)
}

/** Runs of control characters, for callers that replace rather than escape them (a mail header's display name). */
export const CONTROL_RUNS = new RegExp(`[\\u0000-\\u001F${OTHER}]+`, 'g')
