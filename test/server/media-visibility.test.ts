// /media/ serves only the images of the content visitors see now: a draft's or a scheduled article's images
// are a 404 until it is published, an article taken back to draft keeps its images only for the grace period.
// Time comes from an injected clock (AppDeps.now): no test waits.
import t from 'tap'
import { createHash } from 'node:crypto'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HIDDEN_IMAGE_GRACE_MS } from '../../server/content/served-images'
import { build, FIXTURE_CONTENT } from '../helper'

/** 2026-11-24 12:00 in Japan. */
const NOW = Date.UTC(2026, 10, 24, 3, 0)
/** 2026-11-25 09:00 in Japan. */
const TOMORROW_9_JST = Date.UTC(2026, 10, 25, 0, 0)

/** An SVG of its own (its colour makes its bytes, so its hash, unique), 600 px wide: one 480 px variant. */
const svg = (colour: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="400"><rect width="600" height="400" fill="${colour}"/></svg>`
const COLOURS = { draftCover: '#a00000', draftInline: '#a0a000', scheduledCover: '#00a000', withdrawnCover: '#0000a0', withdrawnInline: '#00a0a0', shared: '#a000a0', removed: '#505050' }
type ImageName = keyof typeof COLOURS
/** The 480 px JPEG variant URL of an image (the hash as ImageRegistry makes it: the source's SHA-256, 16 hex digits). */
const url = (name: ImageName) => `/media/${createHash('sha256').update(svg(COLOURS[name])).digest('hex').slice(0, 16)}/${name}-480.jpg`

const article = (title: string, date: string, front: string, body = 'Body.') =>
  `---\ntitle: ${title}\ndate: "${date}"\ncategory: notice\nexcerpt: An excerpt.\n${front}---\n\n${body}\n`

/** The fixture content plus: a draft, a scheduled article, one to be withdrawn, one to be removed, and a page and a draft sharing an image. */
function content(t: { teardown: (fn: () => void) => void }): string {
  const dir = mkdtempSync(join(tmpdir(), 'media-visibility-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  for (const [name, colour] of Object.entries(COLOURS)) writeFileSync(join(dir, `images/${name}.svg`), svg(colour))
  const files: Record<string, string> = {
    'news/secret.en.md': article('Secret', '2026-11-01', 'draft: true\ncover: images/draftCover.svg\ncoverAlt: Draft cover\n', '![Inline](images/draftInline.svg)\n\n![Shared](images/shared.svg)'),
    'news/tomorrow.en.md': article('Tomorrow', '2026-11-25 09:00', 'cover: images/scheduledCover.svg\ncoverAlt: Scheduled cover\n'),
    'news/withdrawn.en.md': article('Withdrawn', '2026-11-01', 'cover: images/withdrawnCover.svg\ncoverAlt: Withdrawn cover\n', '![Inline](images/withdrawnInline.svg)'),
    'news/removed.en.md': article('Removed', '2026-11-01', 'cover: images/removed.svg\ncoverAlt: Removed cover\n'),
  }
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text)
  const about = join(dir, 'pages/about.en.md')
  writeFileSync(about, `${readFileSync(about, 'utf8')}\n![Shared](images/shared.svg)\n`)
  return dir
}

const UNKNOWN = '/media/0000000000000000/x-480.jpg'

t.test('production: only the images of what is visible now answer; a withdrawn article keeps its images for the grace period', async (t) => {
  const dir = content(t)
  let clock = NOW
  const app = await build(t, { contentDir: dir }, { now: () => clock })
  const get = (path: string) => app.inject(path)
  const unknown = await get(UNKNOWN)
  t.equal(unknown.statusCode, 404)

  // A draft: its cover and its inline image are 404, the same 404 as an unknown hash.
  for (const name of ['draftCover', 'draftInline'] as const) {
    const res = await get(url(name))
    t.equal(res.statusCode, 404, `${name}: a draft's image is 404`)
    t.same([res.headers['content-type'], res.body], [unknown.headers['content-type'], unknown.body], `${name}: the same answer as an unknown hash`)
  }
  // An image of both the draft and a visible page is the page's: served.
  t.equal((await get(url('shared'))).statusCode, 200, 'an image a visible page shows is served, though a draft shows it too')
  t.match((await get('/en/about')).body, url('shared'), 'the page names it')

  // Visible article: its cover and its inline image (rendered in variants) answer.
  const withdrawn = (await get('/en/news/withdrawn')).body
  t.match(withdrawn, url('withdrawnInline'), 'an inline image of an article is shown in its variants')
  for (const name of ['withdrawnCover', 'withdrawnInline', 'removed'] as const) t.equal((await get(url(name))).statusCode, 200, `${name}: a published article's image`)

  // Scheduled: 404 until its instant, 200 from it (the clock moved, no timer waited for).
  t.equal((await get(url('scheduledCover'))).statusCode, 404, 'a scheduled article\'s cover before its time')
  clock = TOMORROW_9_JST - 1
  t.equal((await get(url('scheduledCover'))).statusCode, 404, 'a millisecond before')
  clock = TOMORROW_9_JST
  t.equal((await get(url('scheduledCover'))).statusCode, 200, 'at its instant')
  t.equal((await get('/en/news/tomorrow')).statusCode, 200, 'and its page')

  // Back to draft (and one article removed with its image file): served through the grace period, then 404.
  const path = join(dir, 'news/withdrawn.en.md')
  writeFileSync(path, readFileSync(path, 'utf8').replace(/^---\n/, '---\ndraft: true\n'))
  rmSync(join(dir, 'news/removed.en.md'))
  rmSync(join(dir, 'images/removed.svg'))
  const reloadedAt = clock
  t.ok((await app.reloadContent('test')).ok)
  t.equal((await get('/en/news/withdrawn')).statusCode, 404, 'the article is gone')
  for (const name of ['withdrawnCover', 'withdrawnInline', 'removed'] as const) t.equal((await get(url(name))).statusCode, 200, `${name}: still served right after (cached pages may name it)`)
  const removedWebp = url('removed').replace(/\.jpg$/, '.webp')
  t.equal((await get(removedWebp)).statusCode, 404, 'a variant never made of a file deleted since: 404, not an error')
  clock = reloadedAt + HIDDEN_IMAGE_GRACE_MS - 1
  for (const name of ['withdrawnCover', 'withdrawnInline', 'removed'] as const) t.equal((await get(url(name))).statusCode, 200, `${name}: served to the end of the grace period`)
  clock = reloadedAt + HIDDEN_IMAGE_GRACE_MS
  for (const name of ['withdrawnCover', 'withdrawnInline', 'removed'] as const) t.equal((await get(url(name))).statusCode, 404, `${name}: 404 once the grace period has passed`)
  t.equal((await get(url('shared'))).statusCode, 200, 'the shared image is still served')
  t.equal((await get(url('scheduledCover'))).statusCode, 200, 'the published article\'s cover is still served')
  t.equal((await get(url('draftCover'))).statusCode, 404, 'the draft\'s still not')

  // Published again: served again at once.
  writeFileSync(path, readFileSync(path, 'utf8').replace('draft: true\n', ''))
  t.ok((await app.reloadContent('test')).ok)
  t.equal((await get(url('withdrawnCover'))).statusCode, 200, 'published again: served again')
})

t.test('development (npm run dev shows drafts): draft and scheduled images are served', async (t) => {
  const dir = content(t)
  const app = await build(t, { contentDir: dir, nodeEnv: 'development' }, { now: () => NOW })
  for (const name of ['draftCover', 'draftInline', 'scheduledCover', 'shared', 'withdrawnCover'] as const) {
    t.equal((await app.inject(url(name))).statusCode, 200, name)
  }
})
