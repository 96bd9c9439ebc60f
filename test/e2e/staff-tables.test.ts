// Every staff page with a table or a list of fields, in Chromium, with realistic long data (long addresses,
// Japanese names, times, references, an IPv6 address), in Japanese and in English, at 1024×768, 1366×768 and
// 1920×1080: the page never scrolls sideways; every table fits its box; every action of a row (its links,
// buttons, fields) is on screen; whatever scrolls sideways is a named region reachable by keyboard with a shadow
// at its cut edge; no time, address, reference or name breaks across lines. At 390×844 (a phone; the revisions'
// restore buttons among them) the same, except that a table may scroll in such a region, its actions with it.
// axe finds nothing on each page in both themes; no console error. STAFF_SCREENSHOTS=<folder> keeps each page
// at 390, 1024, 1366 and 1920 px in both languages.
import { randomBytes, randomUUID } from 'node:crypto'
import t from 'tap'
import type { Page } from 'playwright-core'
import { openDatabase } from '../../server/database'
import { itemHash, readItem, writeItem } from '../../server/editor/files'
import type { ItemKey } from '../../shared/admin/editor-model/items'
import { addInquiry } from '../server/inbox/detail-helper'
import { change, seedInbox } from '../server/inbox/inbox-fixture'
import { axeInBothThemes, contentCopy, hydrated, openStaffSuite, screenshots } from './staff-helpers'
import { sqliteStores } from '../server/stores'

const contentDir = contentCopy(t, 'staff-tables-e2e-content-')
const { SITE_URL, addAccount, enrolledPage, dataDir } = await openStaffSuite(t, 'staff-tables-e2e-', { CONTENT_DIR: contentDir })
const store = sqliteStores(openDatabase(dataDir))
t.teardown(() => store.close())

const HOUR = 3_600_000
const DAY = 24 * HOUR
const ME = { email: 'ichiro.suzuki@tokyo-kensetsu.co.jp', name: '鈴木 一郎' }
/** Colleagues as a new company enters them: long addresses, Japanese names and a long Western one. */
const COLLEAGUES = [
  { email: 'taro.yamada.sales@tokyo-kensetsu.co.jp', name: '山田 太郎', role: 'responder' },
  { email: 'alexandra.konstantinopoulou@example.com', name: 'Alexandra Konstantinopoulou', role: 'editor' },
  { email: 'mariko.hasegawa@tokyo-kensetsu.co.jp', name: '長谷川 真理子', role: 'admin' },
]
/** A visitor as they write: a long address, a name and its reading, a company. */
const VISITOR = { name: '五十嵐 健太郎', nameKana: 'イガラシ ケンタロウ', company: '株式会社 五十嵐総合設計事務所', email: 'kentaro.igarashi@igarashi-sekkei.co.jp' }
const NAMES = [ME.name, VISITOR.name, VISITOR.nameKana, ...COLLEAGUES.map((c) => c.name)]
const ITEM: ItemKey = 'news/2026-04-new-office'
/** A small laptop, a laptop, a desktop: everything in sight (strict); a phone: whatever does not fit scrolls in a marked region. */
const WIDTHS = [
  [1024, 768, true],
  [1366, 768, true],
  [1920, 1080, true],
  [390, 844, false],
] as const

/** The data of a company's first weeks, written through the real stores on the server's database and content. */
async function seed() {
  const now = Date.now()
  const mine = (await store.staff.findAccountByEmail(ME.email))!
  const audit = (action: string, target: string) => ({ at: now, accountId: mine.id, address: '192.0.2.10', action, target, outcome: 'ok' as const })
  for (const c of COLLEAGUES) addAccount(c.email, c.role, c.name)
  const hasegawa = (await store.staff.findAccountByEmail(COLLEAGUES[2]!.email))!
  await store.staff.updateAccount(hasegawa.id, { disabled: true }, audit('account.disable', `account:${hasegawa.id}`))
  // A second session of mine: a phone, from an IPv6 address.
  await store.staff.addSession(
    {
      idHash: randomBytes(32).toString('hex'),
      accountId: mine.id,
      createdAt: now - 3 * HOUR,
      lastSeenAt: now - 10 * 60_000,
      verifiedAt: now - 3 * HOUR,
      csrfToken: randomBytes(32).toString('base64url'),
      userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      address: '2400:4050:a8e1:3600:1c2b:9f3a:6d4e:1a2b',
    },
    audit('signin', 'session'),
  )
  for (const [name, revokedAt] of [
    ['基幹システム連携（見積データの夜間同期）', null],
    ['CI deploy preview (staging.tokyo-kensetsu.co.jp)', now - DAY],
  ] as const) {
    await store.staff.addAccessToken(
      { id: randomUUID(), tokenHash: randomBytes(32).toString('hex'), name, role: 'editor', createdBy: mine.id, createdAt: now - 30 * DAY, expiresAt: now + 335 * DAY, revokedAt, lastUsedAt: now - HOUR },
      audit('token.create', 'token'),
    )
  }
  // The inbox: the fixture's 61 (hostile ones among them), and the visitor's, assigned to me and in progress.
  await seedInbox(store, now, mine.id)
  const visitor = await addInquiry(store, VISITOR, 'ja', now - 20 * 60_000)
  await change(store, visitor, { status: 'in-progress', assigneeId: mine.id }, now - 10 * 60_000, mine.id)
  // Revisions of an article: mine and a colleague's saves (each a restore button on the revisions page).
  const editor = (await store.staff.findAccountByEmail(COLLEAGUES[1]!.email))!
  for (const [i, title] of ['本社を新宿に移転しました', '本社を西新宿三丁目に移転しました', '本社を西新宿に移転しました'].entries()) {
    const { item } = readItem(contentDir, 'news', '2026-04-new-office')!
    const ja = item.versions!.ja!
    const next = { ...item, versions: { ...item.versions, ja: { ...ja, fields: { ...ja.fields, title } } } }
    const accountId = i === 1 ? editor.id : mine.id
    const revision = { key: ITEM, at: now - (3 - i) * HOUR, accountId, action: 'save' as const, item: next, hash: itemHash(contentDir, ITEM) }
    await store.editor.commit({ revision, marks: [], audit: { ...audit('content.change', ITEM), accountId } }, () => {
      revision.hash = writeItem(contentDir, ITEM, itemHash(contentDir, ITEM), next)
    })
  }
  return { visitor }
}

/**
 * What a person cannot reach or read on the page as it is laid out now (run in the page): the page scrolling
 * sideways; a box scrolling sideways unmarked (marked: a region or group with a name, in the tab order, with a
 * shadow painted at its cut edge, i.e. a gradient background), or (`strict`: a small laptop and up) a table
 * wider than its box at all; a row's action outside the viewport, or cut off by a box (`strict`: by any box;
 * otherwise by a box that is not marked); a time, an address, a reference or one of `names` on more than one line.
 */
function whatIsWrong({ names, strict }: { names: string[]; strict: boolean }): string[] {
  const wrong: string[] = []
  const main = document.querySelector('main')!
  const width = window.innerWidth
  if (document.documentElement.scrollWidth > width) wrong.push(`the page scrolls sideways (${document.documentElement.scrollWidth} px)`)
  const what = (el: Element) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList].map((c) => `.${c}`).join('')} "${(el.textContent ?? '').trim().slice(0, 30)}"`
  const named = (el: Element) =>
    (el.getAttribute('aria-label') ?? '').trim() !== '' ||
    (el.getAttribute('aria-labelledby') ?? '')
      .split(/\s+/)
      .some((id) => (document.getElementById(id)?.textContent ?? '').trim() !== '')
  const marked = (el: HTMLElement) => ['region', 'group'].includes(el.getAttribute('role') ?? '') && named(el) && el.tabIndex >= 0 && getComputedStyle(el).backgroundImage.includes('gradient')
  const scrollsSideways = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX) && el.scrollWidth > el.clientWidth + 1
  for (const el of main.querySelectorAll<HTMLElement>('*')) {
    if (!scrollsSideways(el)) continue
    if (!marked(el)) wrong.push(`scrolls sideways without a cue: ${what(el)}`)
    else if (strict && el.querySelector('table')) wrong.push(`a table wider than its box (${el.scrollWidth} > ${el.clientWidth} px): ${what(el)}`)
  }
  for (const action of main.querySelectorAll('tbody tr :is(a[href], button, select, input:not([type="hidden"]), textarea, summary)')) {
    if (action.getClientRects().length === 0) continue // in a closed menu: its summary is checked
    const r = action.getBoundingClientRect()
    let cutBy: HTMLElement | null = null
    for (let box = action.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX === 'visible') continue
      const left = box.getBoundingClientRect().left + box.clientLeft
      if (r.left < left - 1 || r.right > left + box.clientWidth + 1) {
        cutBy = box
        break
      }
    }
    if (cutBy && (strict || !marked(cutBy))) wrong.push(`a row's action cut off by ${what(cutBy)}: ${what(action)}`)
    else if (!cutBy && (r.left < -1 || r.right > width + 1)) wrong.push(`a row's action off screen: ${what(action)}`)
  }
  // Whole values: each on one line (its text's boxes share one line).
  const patterns = [
    /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g,
    /\d{4}-\d{2}-\d{2}/g,
    /\d{2}:\d{2}(:\d{2})?( JST)?/g,
    /Q-\d{8}-[0-9A-Z]{6}/g,
    /\b[0-9a-f]{1,4}(:[0-9a-f]{0,4}){3,7}\b/g,
    /\b\d{1,3}(\.\d{1,3}){3}\b/g,
    ...names.map((n) => new RegExp(n, 'g')),
  ]
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT)
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    for (const pattern of patterns) {
      for (const m of node.data.matchAll(pattern)) {
        const range = document.createRange()
        range.setStart(node, m.index)
        range.setEnd(node, m.index + m[0].length)
        const rects = [...range.getClientRects()].filter((b) => b.width > 0 && b.height > 1)
        const lines = rects.filter((b, i) => rects.slice(0, i).every((a) => b.top >= a.bottom - 1 || b.bottom <= a.top + 1))
        if (lines.length > 1) wrong.push(`"${m[0]}" on ${lines.length} lines in ${what(node.parentElement!)}`)
      }
    }
  }
  return wrong
}

/** whatIsWrong in the page; tsx (esbuild, keepNames) names its inner functions with a helper the page has not got. */
async function check(page: Page, strict: boolean): Promise<string[]> {
  await page.evaluate('globalThis.__name = (f) => f')
  return page.evaluate(whatIsWrong, { names: NAMES, strict })
}

t.test('the staff tables at 1024, 1366 and 1920 px and on a phone, in both languages', async (t) => {
  const { page, problems } = await enrolledPage(t, ME.email, 'admin', ME.name, { locale: 'ja-JP', viewport: { width: 1366, height: 768 } })
  const { visitor } = await seed()
  const open = (path: string) => async () => {
    await page.goto(`${SITE_URL}${path}`)
    await hydrated(page)
  }
  const pages: [string, () => Promise<void>][] = [
    ['accounts', open('/admin/accounts')],
    ['sessions', open('/admin/sessions')],
    ['tokens', open('/admin/tokens')],
    ['security', open('/admin/security')],
    ['inquiries', open('/admin/inquiries')],
    ['inquiry', open(`/admin/inquiries/${visitor}`)],
    [
      'person',
      async () => {
        await open('/admin/inquiries/person')()
        await page.fill('#person-email', VISITOR.email)
        await Promise.all([page.waitForURL(`${SITE_URL}/admin/inquiries/person`), page.click('[data-form="person"] button[type="submit"]')])
        await page.waitForSelector('[data-found="1"]')
        await hydrated(page)
      },
    ],
    ['stats', open('/admin/inquiries/stats')],
    ['content', open('/admin/content')],
    ['revisions', open(`/admin/content/${ITEM}/revisions`)],
    ['audit', open('/admin/audit')],
  ]
  for (const lang of ['ja', 'en'] as const) {
    if (lang === 'en') {
      // The account's language, chosen in the user menu.
      await page.click('.staff-user > summary')
      await Promise.all([page.waitForURL(`${SITE_URL}/admin/audit`), page.click('.staff-user button[name="locale"][value="en"]')])
      await hydrated(page)
    }
    for (const [name, go] of pages) {
      await go()
      t.equal(await page.getAttribute('html', 'lang'), lang)
      // The long data is there to be measured: every account, both sessions (one from IPv6), both tokens, both restores.
      const rows = { accounts: 4, sessions: 2, tokens: 2, revisions: 3 }[name]
      if (rows) t.equal(await page.locator('main tbody tr').count(), rows, `${name}: ${rows} rows`)
      if (name === 'revisions') t.equal(await page.locator('form[data-op="restore"] button').count(), 2, 'two restore buttons')
      for (const [width, height, strict] of WIDTHS) {
        await page.setViewportSize({ width, height })
        t.same(await check(page, strict), [], `${name} (${lang}) at ${width}×${height}`)
      }
      await page.setViewportSize({ width: 1366, height: 768 })
      await axeInBothThemes(t, page, `${name} (${lang})`)
      await screenshots(page, `${name}-${lang}`)
    }
  }
  t.same(problems, [], 'no console error or warning')
})
