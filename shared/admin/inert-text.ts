/**
 * A visitor-supplied value (an audit target, a user agent, a name) as a staff page shows it: React
 * escapes the markup already; this also makes invisible characters visible (controls, line and
 * paragraph separators, bidirectional overrides that would reorder what an admin reads) as \u{…}.
 */
const INVISIBLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

export function inertText(value: string): string {
  return value.replace(INVISIBLE, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)
}
