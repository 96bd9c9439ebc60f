import t from 'tap'
import { openSuite } from './browser'

// Japanese headings wrap between phrases only, on the narrowest phones too (real layout in Chromium).
const { server, browser } = await openSuite(t)

t.test('a long Japanese project title breaks only at its phrase boundaries', async (t) => {
  for (const width of [300, 320, 340, 360]) {
    const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'ja-JP' })
    const page = await context.newPage()
    await page.goto(server.origin + '/construction-project/minato-office-tower')
    // The line each character sits on, read from its layout box.
    const lines = await page.locator('#page-title').evaluate((h1) => {
      const out: { char: string; top: number }[] = []
      const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT)
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let i = 0; i < node.textContent!.length; i++) {
          const range = document.createRange()
          range.setStart(node, i)
          range.setEnd(node, i + 1)
          out.push({ char: node.textContent![i]!, top: Math.round(range.getBoundingClientRect().top) })
        }
      }
      return out
    })
    const breaks: string[] = []
    for (let i = 1; i < lines.length; i++) if (lines[i]!.top > lines[i - 1]!.top) breaks.push(`${lines[i - 1]!.char}|${lines[i]!.char}`)
    t.ok(width > 340 || breaks.length > 0, `${width}px: the title wraps (${breaks.join(', ')})`)
    for (const inside of ['港|区', 'オ|フ', 'フ|ィ', 'ィ|ス', 'ビ|ル', '新|築', '工|事']) t.notOk(breaks.includes(inside), `${width}px: no break at ${inside}`)
    await context.close()
  }
})
