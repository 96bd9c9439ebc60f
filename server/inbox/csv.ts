/**
 * CSV for spreadsheets (the inbox export): what Excel opens correctly in Japan and elsewhere.
 * - UTF-8 with a byte order mark at byte 0 (EF BB BF): without it Excel reads the bytes as Shift_JIS.
 * - Records end with CRLF; every cell is quoted and its quotes doubled (RFC 4180), so a comma, a quote, a
 *   line break or the other list separator (';' in some regional settings) inside a cell stays inside it.
 *   Line breaks within a cell are kept as they are (Excel shows them as line breaks in the cell).
 * - Formula injection (OWASP "CSV Injection"): a cell that starts with = + - @, a tab or a carriage return
 *   gets a leading apostrophe, so the spreadsheet takes it as text and never runs it (=HYPERLINK(…),
 *   =cmd|…). Also when the = + - @ comes after leading white space (some spreadsheets trim it before
 *   deciding), and for the full-width forms ＝ ＋ － ＠ (a Japanese input method types those; a precaution).
 *   Every such cell is neutralised, a phone number '+81 90-…' or a note '- called back' included: the
 *   apostrophe may show in the cell; the JSON export carries the exact values.
 * Nothing else is changed: a cell holds exactly the stored text (HTML, scripts, bidirectional or control
 * characters are data to a spreadsheet, not markup or commands).
 */
export const CSV_BOM = '\uFEFF'
export const CSV_NEWLINE = '\r\n'

const FORMULA_START = /^(?:[\t\r]|[\s\u3000]*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/u

/** Whether a spreadsheet could take this text as a formula (then it gets the apostrophe). */
export function looksLikeFormula(text: string): boolean {
  return FORMULA_START.test(text)
}

/** The text a cell holds: the apostrophe before a formula-looking text, nothing else changed. */
export function neutralise(text: string): string {
  return looksLikeFormula(text) ? `'${text}` : text
}

/** One cell: neutralised, quoted, its quotes doubled. */
export function csvCell(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value)
  return `"${neutralise(text).replace(/"/g, '""')}"`
}

type Cells = readonly (string | number | null)[]

/** Records, one per row, each ended by CRLF. */
export function csvRecords(rows: readonly Cells[]): string {
  return rows.map((cells) => cells.map(csvCell).join(',') + CSV_NEWLINE).join('')
}

/**
 * A whole file, written as its rows come (a batch at a time: the inbox export's pages): the BOM and the
 * header first, then each batch's records. Only one batch is held at a time.
 */
export async function* csvFile(header: readonly string[], batches: AsyncIterable<readonly Cells[]>): AsyncGenerator<string, void, undefined> {
  yield CSV_BOM + csvRecords([header])
  for await (const rows of batches) yield csvRecords(rows)
}
