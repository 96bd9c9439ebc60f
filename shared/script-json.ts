/** JSON written inside <script> elements of a page: the page state and the structured data. */

const JSON_ESCAPES: Record<string, string> = { '<': '\\u003c', '\u2028': '\\u2028', '\u2029': '\\u2029' }

/**
 * JSON text made safe inside a <script> element: '<' (so no '</script>' can close it) and the two line
 * separators are written as JSON escapes, which read back as the same value. Only for JSON text.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(/[<\u2028\u2029]/g, (c) => JSON_ESCAPES[c]!)
}

/** A value as JSON that is safe inside a non-executable <script> element. One pass over the text. */
export function safeJson(value: unknown): string {
  return scriptSafeJson(JSON.stringify(value))
}
