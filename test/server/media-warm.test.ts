// Image variants made before anyone asks (server/plugins/media-warm.ts, server/content/variant-warm.ts): the start
// makes every variant the site serves and the first request of each is read from disk; /readyz waits for that,
// up to MEDIA_WARM_READY_TIMEOUT (an injected clock); a reload warms a new image; a broken image is logged and the
// queue goes on; a request and the warm share one render; shutdown stops the queue; MEDIA_WARM=off makes nothing ahead. Real sharp, real disk; the warm's
// pace is held by a gate (no timer anywhere).
import t from 'tap'
import { statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { ImageRegistry } from '../../server/content/images'
import { createVariantCache } from '../../server/content/variant-cache'
import { createVariantWarmer } from '../../server/content/variant-warm'
import { cacheFiles, gate, servedVariants, smallContent, tempDir, variantsOf, warmApp } from './media-warm-helper'

const TYPES = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' }

t.test('the start makes every served variant ahead; the first request of each is read from disk; a restart finds them', async (t) => {
  const contentDir = smallContent(t)
  const { app, dataDir, cacheDir, lines } = await warmApp(t, { contentDir, config: { metricsPort: 0 } })
  await app.ready()
  const result = await app.mediaWarm.start!
  const variants = servedVariants(app, cacheDir)
  t.ok(app.contentHolder.current.shownImages.size >= 2 && variants.length >= 9, `${variants.length} variants of ${app.contentHolder.current.shownImages.size} images served`)
  t.match(result, { reason: 'start', made: variants.length, present: 0, failed: 0, stopped: false }, 'the start made each one')
  t.same(cacheFiles(cacheDir), variants.map((v) => v.file.split('/').pop()).sort(), 'each on disk, nothing else (no temporary file)')
  const line = lines.find((l) => l.msg === 'image variants made ahead')
  t.match(line, { level: 30, reason: 'start', made: variants.length, present: 0, failed: 0 }, 'one info line says so')
  t.type(line.ms, 'number')

  const mtimes = variants.map((v) => statSync(v.file).mtimeMs)
  for (const v of variants) {
    const res = await app.inject(v.url)
    t.equal(res.statusCode, 200, v.url)
    t.equal(res.headers['content-type'], TYPES[v.format])
  }
  t.same(app.mediaVariants.made, { ahead: variants.length, request: 0 }, 'no request made a variant')
  t.same(variants.map((v) => statSync(v.file).mtimeMs), mtimes, 'no file was written again')
  const metric = await app.metrics!.registry.getSingleMetricAsString('site_image_variants_made_total')
  t.match(metric, new RegExp(`^site_image_variants_made_total\\{for="ahead"\\} ${variants.length}$`, 'm'), 'counted as made ahead')
  t.match(metric, /^site_image_variants_made_total\{for="request"\} 0$/m, 'none on request')
  await app.close()

  // A new process on the same DATA_DIR (a restart): every variant is there, none is made.
  const again = await warmApp(t, { contentDir, dataDir })
  await again.app.ready()
  t.match(await again.app.mediaWarm.start!, { made: 0, present: variants.length, failed: 0 }, 'a restart with a full cache makes nothing')
})

t.test("/readyz: 503 ('media') while the start's warm runs, 200 once it is through", async (t) => {
  const held = gate()
  // As the replica layouts set it (the default, 0, does not wait).
  const config = { media: { warm: true, warmReadyTimeoutMs: 60_000 } }
  const { app, cacheDir } = await warmApp(t, { contentDir: smallContent(t), config, deps: { media: { beforeVariant: held.pass } } })
  await app.ready()
  await held.reached(1)
  const starting = await app.inject('/readyz')
  t.equal(starting.statusCode, 503, 'not ready while warming')
  t.match(starting.json(), { status: 'unavailable', failing: ['media'] })
  t.equal((await app.inject('/readyz?exclude=media')).statusCode, 200, 'the check can be left out as the others can')
  t.same(cacheFiles(cacheDir), [], 'nothing made yet')
  held.open()
  await app.mediaWarm.start
  t.equal((await app.inject('/readyz')).statusCode, 200, 'ready once the start is through')
})

t.test('/readyz: 200 after MEDIA_WARM_READY_TIMEOUT though the warm is not through (it goes on); 0: at once', async (t) => {
  let clock = 1_000_000
  const held = gate()
  const { app, cacheDir, lines } = await warmApp(t, { contentDir: smallContent(t), config: { media: { warm: true, warmReadyTimeoutMs: 60_000 } }, deps: { media: { beforeVariant: held.pass, now: () => clock } } })
  await app.ready()
  await held.reached(1)
  t.equal((await app.inject('/readyz')).statusCode, 503, 'not ready at the start')
  clock += 59_999
  t.equal((await app.inject('/readyz')).statusCode, 503, 'nor a millisecond before the bound')
  clock += 1
  t.equal((await app.inject('/readyz')).statusCode, 200, 'ready at the bound')
  t.same(cacheFiles(cacheDir), [], 'though nothing is made yet')
  t.ok(lines.some((l) => l.level === 30 && /^ready before the start's image variants are all made/.test(l.msg)), 'and says so')
  held.open()
  t.match(await app.mediaWarm.start, { made: servedVariants(app, cacheDir).length }, 'the warm went on')

  const now = gate()
  const atOnce = await warmApp(t, { contentDir: smallContent(t), config: { media: { warm: true, warmReadyTimeoutMs: 0 } }, deps: { media: { beforeVariant: now.pass } } })
  await atOnce.app.ready()
  await now.reached(1)
  t.equal((await atOnce.app.inject('/readyz')).statusCode, 200, 'MEDIA_WARM_READY_TIMEOUT=0: ready at once, warming behind')
  now.open()
  await atOnce.app.mediaWarm.start
})

t.test('a content reload with a new image makes its variants ahead', async (t) => {
  const contentDir = smallContent(t)
  const { app, cacheDir, lines } = await warmApp(t, { contentDir })
  await app.ready()
  const before = await app.mediaWarm.start!
  const photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#2a6f97' } }).jpeg().toBuffer()
  writeFileSync(join(contentDir, 'images/site-visit.jpg'), photo)
  writeFileSync(join(contentDir, 'news/site-visit.en.md'), '---\ntitle: Site visit\ndate: "2025-06-01"\ncategory: notice\nexcerpt: A visit.\ncover: images/site-visit.jpg\ncoverAlt: The site\n---\n\nBody.\n')
  t.match(await app.reloadContent('test'), { ok: true })
  await app.mediaWarm.idle()
  const source = [...app.contentHolder.current.images.byHash.values()].find((s) => s.path.endsWith('site-visit.jpg'))!
  const added = variantsOf(source, cacheDir)
  t.equal(added.length, 6, 'two widths × three formats')
  t.same(cacheFiles(cacheDir), servedVariants(app, cacheDir).map((v) => v.file.split('/').pop()).sort(), 'its variants on disk beside the others')
  t.match(lines.findLast((l) => l.msg === 'image variants made ahead'), { reason: 'content', made: 6, present: before.made }, 'the others were already there')
  for (const v of added) t.equal((await app.inject(v.url)).statusCode, 200, v.url)
  t.equal(app.mediaVariants.made.request, 0, 'served from disk')
})

t.test('a broken image is logged and the queue goes on; the server keeps serving', async (t) => {
  const contentDir = tempDir(t, 'media-warm-broken-')
  const whole = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#336699', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).jpeg().toBuffer()
  writeFileSync(join(contentDir, 'broken.jpg'), whole.subarray(0, whole.length >> 1)) // its header reads, its pixels end early
  writeFileSync(join(contentDir, 'good.png'), await sharp({ create: { width: 500, height: 300, channels: 3, background: '#994433' } }).png().toBuffer())
  const images = new ImageRegistry(contentDir)
  await images.register('broken.jpg', '')
  await images.register('good.png', '')
  const [broken, good] = [...images.byHash.values()]
  const cacheDir = join(tempDir(t, 'media-warm-cache-'), 'media')
  const warned: unknown[] = []
  const log = { warn: (...args: unknown[]) => warned.push(args), info: () => {}, debug: () => {} } as never
  const warmer = createVariantWarmer({ cache: createVariantCache(cacheDir), log })
  const result = await warmer.warm([broken!, good!], 'start')
  t.match(result, { images: 2, made: 3, failed: 1 }, 'the broken one failed, the next one after it was made')
  t.same(cacheFiles(cacheDir), variantsOf(good!, cacheDir).map((v) => v.file.split('/').pop()).sort())
  t.equal(warned.length, 1, 'one warning for the broken image')
  t.match(warned[0], [{ image: broken!.path, err: /premature end/i }, /image variant not made ahead/])

  // In the app: the start logs it as a warning, is through, and the server answers (the variant itself a 500).
  const site = smallContent(t)
  writeFileSync(join(site, 'images/broken.jpg'), whole.subarray(0, whole.length >> 1))
  writeFileSync(join(site, 'news/broken.en.md'), '---\ntitle: Broken\ndate: "2025-06-01"\ncategory: notice\nexcerpt: A broken photo.\ncover: images/broken.jpg\ncoverAlt: Broken\n---\n\nBody.\n')
  const { app, lines } = await warmApp(t, { contentDir: site })
  await app.ready()
  t.match(await app.mediaWarm.start, { failed: 1, stopped: false })
  t.ok(lines.some((l) => l.level === 40 && l.msg.startsWith('image variant not made ahead') && l.image.endsWith('broken.jpg')), 'warned (pino, warn)')
  t.equal((await app.inject('/readyz')).statusCode, 200)
  t.equal((await app.inject('/en/news/broken')).statusCode, 200, 'its page is served')
})

t.test('a request and the warm asking for one variant at once: one render, shared', async (t) => {
  const dir = tempDir(t, 'media-warm-shared-')
  writeFileSync(join(dir, 'photo.png'), await sharp({ create: { width: 800, height: 600, channels: 3, background: '#446688' } }).png().toBuffer())
  const images = new ImageRegistry(dir)
  await images.register('photo.png', '')
  const [source] = [...images.byHash.values()]
  const cacheDir = join(dir, 'media')
  const cache = createVariantCache(cacheDir)
  const [ahead, first, second] = await Promise.all([cache.ensure(source!, 800, 'avif'), cache.read(source!, 800, 'avif'), cache.read(source!, 800, 'avif')])
  t.equal(cache.made.ahead + cache.made.request, 1, `one render (${JSON.stringify(cache.made)})`)
  t.ok(first.equals(second), 'both requests got the same bytes')
  t.equal(ahead, cache.made.ahead ? 'made' : 'present', 'the warm says made only when it made it')
  t.same(cacheFiles(cacheDir), [`${source!.hash}-800.avif`], 'one file, no temporary left')
  t.equal(await cache.ensure(source!, 800, 'avif'), 'present', 'then it is there')
})

t.test('shutdown stops the queue: nothing is made after the close', async (t) => {
  const held = gate()
  const { app, cacheDir } = await warmApp(t, { contentDir: smallContent(t), deps: { media: { beforeVariant: held.pass } } })
  await app.ready()
  held.allow(1)
  await held.reached(2) // the first variant is made; the warm waits before the second
  t.equal(cacheFiles(cacheDir).length, 1)
  await app.close()
  held.open()
  await app.mediaWarm.idle()
  t.equal(cacheFiles(cacheDir).length, 1, 'no variant made after the close')
  t.match(await app.mediaWarm.start, { stopped: true }, 'the round ended as stopped')
})

t.test('MEDIA_WARM=off: nothing is made ahead, a request makes its variant', async (t) => {
  const { app, cacheDir } = await warmApp(t, { contentDir: smallContent(t), config: { media: { warm: false, warmReadyTimeoutMs: 60_000 } } })
  await app.ready()
  t.equal(app.mediaWarm.start, null, 'no round')
  t.equal((await app.inject('/readyz')).statusCode, 200, 'ready at once')
  await app.mediaWarm.idle()
  t.same(cacheFiles(cacheDir), [], 'no variant on disk')
  const [first] = servedVariants(app, cacheDir)
  t.equal((await app.inject(first!.url)).statusCode, 200)
  t.same(app.mediaVariants.made, { ahead: 0, request: 1 }, 'made on request')
})
