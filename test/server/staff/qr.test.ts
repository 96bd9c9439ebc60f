import t from 'tap'
import QRCode from 'qrcode'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { qrSvg } from '../../../server/staff/qr'

// The SVG is checked against the QR matrix the library computes: every dark module is drawn, nothing else.

const URI = 'otpauth://totp/%E5%B1%B1%E7%94%B0%E5%BB%BA%E8%A8%AD:hanako%40example.co.jp?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=%E5%B1%B1%E7%94%B0%E5%BB%BA%E8%A8%AD'

/** The dark cells the SVG's stroked path draws ("M4 4.5h7m3 0h1…": horizontal runs 1 unit thick), as "x,y". */
function drawnCells(d: string): Set<string> {
  const cells = new Set<string>()
  let x = 0
  let y = 0
  for (const [, op, a, b] of d.matchAll(/([MmHh])(-?[\d.]+)(?:\s(-?[\d.]+))?/g)) {
    const n = Number(a)
    if (op === 'M') [x, y] = [n, Number(b)]
    else if (op === 'm') [x, y] = [x + n, y + Number(b)]
    else if (op === 'h') {
      for (let i = 0; i < n; i++) cells.add(`${x + i},${Math.floor(y)}`)
      x += n
    } else throw new Error(`unexpected path command ${op}`)
  }
  return cells
}

t.test('the SVG draws exactly the QR matrix of the text, with a 4-module quiet zone', async (t) => {
  const svg = await qrSvg(URI, { label: 'QR code' })
  t.equal(XMLValidator.validate(svg), true, 'well-formed XML')
  const root = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(svg).svg
  const qr = QRCode.create(URI, { errorCorrectionLevel: 'M' })
  const size = qr.modules.size
  t.equal(root.viewBox, `0 0 ${size + 8} ${size + 8}`, `${size} modules + 2 × 4 quiet zone`)
  const [background, modules] = root.path
  t.equal(background.fill, '#ffffff', 'a white field')
  t.equal(modules.stroke, '#000000', 'black modules')
  const expected = new Set<string>()
  for (let row = 0; row < size; row++) for (let col = 0; col < size; col++) if (qr.modules.get(row, col)) expected.add(`${col + 4},${row + 4}`)
  const drawn = drawnCells(modules.d)
  t.ok(expected.size > 200, `${expected.size} dark modules`)
  t.same([...drawn].filter((c) => !expected.has(c)), [], 'nothing drawn that is light')
  t.same([...expected].filter((c) => !drawn.has(c)), [], 'every dark module drawn')
})

t.test('an accessible name given by the caller, escaped; a size; nothing outside the SVG', async (t) => {
  const svg = await qrSvg('otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', { label: '認証アプリの設定 <b>&"QR"</b>', size: 180.4 })
  t.equal(XMLValidator.validate(svg), true)
  const root = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(svg).svg
  t.equal(root.role, 'img')
  t.equal(root['aria-label'], '認証アプリの設定 <b>&"QR"</b>', 'the label, read back as the caller gave it')
  t.match(svg, /<title>認証アプリの設定 &lt;b&gt;&amp;&quot;QR&quot;&lt;\/b&gt;<\/title>/)
  t.equal(root.width, '180')
  t.equal(root.height, '180')
  t.notOk(/<b>|<script|<image|<foreignObject|href|url\(|@import|<style/i.test(svg), 'no markup from the label, no reference to anything else')
  t.notMatch(svg.replace('xmlns="http://www.w3.org/2000/svg"', ''), /https?:/, 'no address but the SVG namespace')
})

t.test('a text too long for any QR code: an error, not a broken image', async (t) => {
  await t.rejects(qrSvg('x'.repeat(8000), { label: 'QR' }))
})
