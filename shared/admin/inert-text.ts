import { printable } from '../validation/control-chars'

/**
 * A visitor-supplied value (an audit target, a user agent, a name) as a staff page shows it: React
 * escapes the markup already; this also makes invisible characters visible (controls, line and
 * paragraph separators, bidirectional overrides that would reorder what an admin reads) as \u{…}.
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

export function inertText(value: string): string {
  return value.replace(INVISIBLE, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)
}

/**
 * An inquiry's one-line field as the inbox shows it (printable): controls, line breaks, bidi controls
 * and the characters that print as nothing (a zero-width space) each shown as an escape ('\n', '\u202E').
 */
export function inertField(value: string): string {
  return printable(value)
}

/** A visitor's message (or a note, a reply): its line breaks and tabs kept, every other control or invisible character shown. */
export function inertLines(value: string): string {
  return printable(value, true)
}
