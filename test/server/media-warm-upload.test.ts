// An image uploaded through the editor (POST /admin/content/images) has its variants made ahead right after it
// is stored, by its hash, without the upload's answer waiting for them: when its article is published they are
// on disk, and its first requests read them from there. A phone's 4032×3024 photo is stored at 1600×1200.
// The warm is held at a gate (AppDeps.media.beforeVariant) while the upload answers: no timer.
import t from 'tap'
import { createHash } from 'node:crypto'
import { readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { addAccount, clock, signIn } from './staff/web-helper'
import { upload } from './editor/upload-helper'
import { cacheFiles, gate, smallContent, variantsOf, warmApp } from './media-warm-helper'

/** The app on a small copy of the fixture content, an editor signed in; the warm held at `held` when given. */
async function editorApp(t: Parameters<typeof smallContent>[0], warm: boolean, held?: ReturnType<typeof gate>) {
  const time = clock()
  const contentDir = smallContent(t)
  const media = held ? { beforeVariant: held.pass } : {}
  const site = await warmApp(t, { contentDir, config: { media: { warm, warmReadyTimeoutMs: 60_000 } }, deps: { staff: { now: time.now }, media } })
  const who = await addAccount(site.app, time, 'editor')
  const editor = await signIn(site.app, time, who)
  return { ...site, contentDir, editor }
}

/** A phone's photo: 4032×3024, a JPEG (one flat colour: the size is what matters here, not the detail). */
const phonePhoto = () => sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#6a8caf' } }).jpeg({ quality: 90 }).toBuffer()

t.test("an upload answers at once; its variants are made ahead by its hash; published, they are read from disk", async (t) => {
  const held = gate()
  const { app, cacheDir, contentDir, editor, lines } = await editorApp(t, true, held)
  await app.ready()
  held.open()
  await app.mediaWarm.start
  const atStart = cacheFiles(cacheDir)

  // The warm held from now on: the upload must answer all the same.
  held.close()
  const arrived = held.arrivals
  const photo = await phonePhoto()
  const res = await upload(app, editor, editor.csrf, { bytes: photo, name: 'IMG_0001.JPG', type: 'image/jpeg' })
  t.equal(res.statusCode, 200, res.body)
  const { path, width, height } = res.json() as { path: string; width: number; height: number }
  t.same([width, height], [1600, 1200], 'a 4032×3024 photo is stored 1600×1200 (STORED_MAX_SIDE)')
  const stored = readFileSync(join(contentDir, path))
  const meta = await sharp(stored).metadata()
  t.same([meta.width, meta.height], [1600, 1200], 'the file on disk too')
  t.ok(statSync(join(contentDir, path)).size < photo.length, 'and smaller than what was sent')
  await held.reached(arrived + 1)
  t.same(cacheFiles(cacheDir), atStart, 'answered while its variants were still to make')

  held.open()
  await app.mediaWarm.idle()
  const hash = createHash('sha256').update(stored).digest('hex').slice(0, 16)
  const source = { path: join(contentDir, path), hash, width: 1600, height: 1200 }
  const variants = variantsOf(source, cacheDir)
  t.equal(variants.length, 12, 'four widths × three formats')
  t.same(cacheFiles(cacheDir), [...atStart, ...variants.map((v) => v.file.split('/').pop()!)].sort(), 'each on disk, by the hash the content will name')
  t.match(lines.findLast((l) => l.msg === 'image variants made ahead'), { level: 30, reason: 'upload', images: 1, made: 12 }, 'one info line')

  // Published: the article refers to it, the content is reloaded (as the editor's save does).
  writeFileSync(join(contentDir, 'news/site-visit.en.md'), `---\ntitle: Site visit\ndate: "2025-06-01"\ncategory: notice\nexcerpt: A visit.\ncover: ${path}\ncoverAlt: The site\n---\n\nBody.\n`)
  t.match(await app.reloadContent('test'), { ok: true })
  t.equal(app.contentHolder.current.images.byHash.get(hash)?.path, source.path, 'the content names it by the same hash')
  await app.mediaWarm.idle()
  const made = app.mediaVariants.made.ahead
  for (const v of variants) {
    const variant = await app.inject(v.url)
    t.equal(variant.statusCode, 200, v.url)
  }
  t.same(app.mediaVariants.made, { ahead: made, request: 0 }, 'every first request read from disk')
})

t.test('MEDIA_WARM=off: an upload makes no variant ahead', async (t) => {
  const { app, cacheDir, editor } = await editorApp(t, false)
  const res = await upload(app, editor, editor.csrf, { bytes: await phonePhoto(), name: 'IMG_0002.JPG', type: 'image/jpeg' })
  t.equal(res.statusCode, 200, res.body)
  t.same([res.json().width, res.json().height], [1600, 1200], 'stored 1600×1200 all the same')
  await app.mediaWarm.idle()
  t.same(cacheFiles(cacheDir), [], 'nothing in the cache')
})
