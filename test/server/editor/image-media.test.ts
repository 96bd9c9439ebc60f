// An uploaded image is a content image like any other: once an item refers to it (and the content is
// reloaded, as the editor's save does), the article shows it in its responsive variants under /media/.
import t from 'tap'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { upload, uploadApp } from './upload-helper'

t.test('an uploaded photo as an article\'s cover and in its body: served in its /media/ variants', async (t) => {
  const { app, dir, sessions } = await uploadApp(t)
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 30 } } }).jpeg().toBuffer()
  const res = await upload(app, sessions.editor, sessions.editor.csrf, { bytes: photo, name: 'site-visit.jpg', type: 'image/jpeg' })
  t.equal(res.statusCode, 200, res.body)
  const { path } = res.json() as { path: string }
  const hash = createHash('sha256').update(readFileSync(join(dir, path))).digest('hex').slice(0, 16)

  // Not referred to yet: no variant (as any image no visible page shows).
  const before = await app.inject(`/media/${hash}/x-480.jpg`)
  t.equal(before.statusCode, 404, 'not served before an item refers to it')

  const article = ['---', 'title: Site visit', 'date: "2025-06-01"', 'category: notice', 'excerpt: A visit.', `cover: ${path}`, 'coverAlt: The site', '---', '', `![The crane](${path})`, ''].join('\n')
  writeFileSync(join(dir, 'news/site-visit.en.md'), article)
  const reload = await app.reloadContent('test')
  t.match(reload, { ok: true }, 'the content loads with it')

  const page = await app.inject('/en/news/site-visit')
  t.equal(page.statusCode, 200)
  const urls = [...new Set(page.body.match(/\/media\/[0-9a-f]{16}\/[A-Za-z0-9_-]+-\d+\.(?:avif|webp|jpg)/g) ?? [])]
  t.ok(urls.length > 0 && urls.every((u) => u.startsWith(`/media/${hash}/`)), `the page names the upload's variants (${urls.length})`)
  for (const format of ['avif', 'webp', 'jpg']) {
    const url = urls.find((u) => u.endsWith(`.${format}`))
    t.ok(url, `a ${format} variant is named`)
    const variant = await app.inject(url!)
    t.equal(variant.statusCode, 200, `${url}`)
    t.equal(variant.headers['content-type'], `image/${format === 'jpg' ? 'jpeg' : format}`)
    const meta = await sharp(variant.rawPayload).metadata()
    t.ok(meta.width! > 0 && meta.width! <= 1200, `a real ${format} image, ${meta.width} px wide`)
  }
})
