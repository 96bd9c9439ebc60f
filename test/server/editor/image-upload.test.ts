// POST /admin/content/images: a photo straight from a phone (GPS, camera model, EXIF orientation) is stored
// upright with no metadata at all, as a content file, audited; SVG, a mismatched name, a file past 20 MB and a
// decompression bomb are refused with the staff member's words; a responder and a missing token are 403.
import t from 'tap'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import sharp from 'sharp'
import { MAX_UPLOAD_BYTES } from '../../../server/editor/image-upload'
import { oversizedImage } from '../../../server/content/warnings'
import { IMAGES, multipart, pngBomb, upload, uploadApp } from './upload-helper'
import { SITE } from '../../helper'
import { STAFF_PATHS } from '../../../shared/admin/paths'

/** 80×40, left half red, right half blue, tagged orientation 6 (shown turned 90° clockwise: 40×80, red on top), with GPS and a camera. */
async function phonePhoto(): Promise<Buffer> {
  const red = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#ff0000' } }).png().toBuffer()
  return sharp({ create: { width: 80, height: 40, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .withExif({
      IFD0: { Make: 'TestMaker', Model: 'ModelX-GPS-CAMERA' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 2264/100', GPSLongitudeRef: 'E', GPSLongitude: '139/1 41/1 3000/100', GPSMapDatum: 'WGS-84-GPSTEST' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 95 })
    .toBuffer()
}

/** The RGB of a pixel. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
  const at = (y * info.width + x) * info.channels
  return [data[at]!, data[at + 1]!, data[at + 2]!]
}

t.test('a phone photo: stored upright, re-encoded with no EXIF, GPS or camera, under images/uploads/<year>/, answered and audited', async (t) => {
  const { app, dir, sessions } = await uploadApp(t)
  const photo = await phonePhoto()
  t.ok(photo.includes('Exif') && photo.includes('ModelX-GPS-CAMERA') && photo.includes('WGS-84-GPSTEST'), 'the original carries EXIF, the camera and GPS')

  const res = await upload(app, sessions.editor, sessions.editor.csrf, { bytes: photo, name: 'Site Visit 写真.JPG', type: 'image/jpeg' })
  t.equal(res.statusCode, 200, res.body)
  const answer = res.json()
  const hash8 = () => createHash('sha256').update(stored).digest('hex').slice(0, 8)
  t.match(answer.path, /^images\/uploads\/2026\/site-visit-[0-9a-f]{8}\.jpg$/, 'year (Japan time), the name made safe, hash, extension')
  const stored = readFileSync(join(dir, answer.path))
  t.equal(answer.path, `images/uploads/2026/site-visit-${hash8()}.jpg`, 'the hash is of the stored bytes')
  t.same([answer.width, answer.height], [40, 80], 'the size as shown: turned by its orientation')

  for (const text of ['Exif', 'ModelX-GPS-CAMERA', 'TestMaker', 'WGS-84-GPSTEST', 'http://ns.adobe.com/xap', 'ICC_PROFILE', 'Photoshop']) t.notOk(stored.includes(text), `stored bytes hold no ${text}`)
  const meta = await sharp(stored).metadata()
  t.same([meta.format, meta.width, meta.height, meta.orientation, meta.exif, meta.xmp, meta.iptc, meta.icc], ['jpeg', 40, 80, undefined, undefined, undefined, undefined, undefined], 'a JPEG, upright, no metadata')
  const top = await pixel(stored, 20, 10)
  const bottom = await pixel(stored, 20, 70)
  t.ok(top[0]! > 200 && top[2]! < 60, `red on top (${top})`)
  t.ok(bottom[2]! > 200 && bottom[0]! < 60, `blue below (${bottom})`)
  t.same(readdirSync(join(dir, 'images/uploads/2026')), [answer.path.split('/').pop()], 'one file, no temporary left')

  const audit = await app.staffStore.listAudit({})
  t.ok(audit.some((e) => e.action === 'content.upload' && e.target === answer.path && e.accountId === sessions.editor.accountId && e.outcome === 'ok'), 'audited content.upload with the path')

  // A full-size phone photo, portrait by its orientation: stored no larger than the site serves, upright.
  const full = await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#6a8', noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
    .jpeg({ quality: 92 })
    .withMetadata({ orientation: 6 })
    .toBuffer()
  t.ok(full.length > 2_000_000, `the original is ${full.length} bytes`)
  const big = await upload(app, sessions.editor, sessions.editor.csrf, { bytes: full, name: 'IMG_0001.JPG', type: 'image/jpeg' })
  t.equal(big.statusCode, 200, big.body)
  t.same([big.json().width, big.json().height], [1200, 1600], 'portrait, its longer side the widest size the site serves (1600 px)')
  const bigStored = await sharp(readFileSync(join(dir, big.json().path))).metadata()
  t.same([bigStored.width, bigStored.height], [1200, 1600], 'stored at that size')
  t.equal(oversizedImage(big.json().path, 1200, statSync(join(dir, big.json().path)).size), null, 'content:check has nothing to say about it')

  // The same photo again (an admin, the token as a form field): the same file.
  const again = await upload(app, sessions.admin, null, { bytes: photo, name: 'site visit.jpeg', type: '' }, { _csrf: sessions.admin.csrf })
  t.equal(again.statusCode, 200, again.body)
  t.equal(again.json().path, answer.path, 'same bytes, same name: one file')
})

t.test('PNG, WebP and AVIF stay in their format', async (t) => {
  const { app, dir, sessions } = await uploadApp(t)
  const base = () => sharp({ create: { width: 30, height: 20, channels: 4, background: { r: 0, g: 128, b: 0, alpha: 0.5 } } })
  const cases = [
    { name: 'plan.png', type: 'image/png', bytes: await base().png().toBuffer(), format: 'png' },
    { name: 'plan.webp', type: 'image/webp', bytes: await base().webp().withMetadata({ orientation: 8 }).toBuffer(), format: 'webp' },
    { name: 'plan.avif', type: 'image/avif', bytes: await base().avif().toBuffer(), format: 'heif' },
  ]
  for (const c of cases) {
    const res = await upload(app, sessions.editor, sessions.editor.csrf, c)
    t.equal(res.statusCode, 200, `${c.name}: ${res.body}`)
    const meta = await sharp(readFileSync(join(dir, res.json().path))).metadata()
    t.equal(meta.format, c.format, `${c.name} stays ${c.format}`)
    t.equal(res.json().path.split('.').pop(), c.name.split('.').pop())
  }
})

t.test('refusals: each with its status and words in the staff member\'s language; nothing stored, nothing audited', async (t) => {
  const { app, dir, sessions } = await uploadApp(t)
  const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#888' } }).png().toBuffer()
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>')
  const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#888' } }).gif().toBuffer()
  const noisy = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).jpeg().toBuffer()
  const tooBig = Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 1 - png.length)])
  const cases = [
    { what: 'an SVG', file: { bytes: svg, name: 'logo.svg', type: 'image/svg+xml' }, status: 415, reason: 'svg', ja: /SVG画像はアップロードできません/, en: /SVG images cannot be uploaded/ },
    { what: 'an SVG named .png', file: { bytes: svg, name: 'logo.png', type: 'image/png' }, status: 415, reason: 'svg', ja: /SVG画像/, en: /SVG images/ },
    { what: 'a PNG named .jpg', file: { bytes: png, name: 'photo.jpg', type: 'image/jpeg' }, status: 415, reason: 'mismatch', ja: /拡張子/, en: /does not match what the file contains/ },
    { what: 'a PNG declared image/jpeg', file: { bytes: png, name: 'photo.png', type: 'image/jpeg' }, status: 415, reason: 'mismatch', ja: /一致しません/, en: /does not match/ },
    { what: 'a GIF', file: { bytes: gif, name: 'anim.gif', type: 'image/gif' }, status: 415, reason: 'format', ja: /JPEG・PNG・WebP・AVIFの画像だけ/, en: /Only JPEG, PNG, WebP and AVIF/ },
    { what: 'not an image', file: { bytes: Buffer.from('%PDF-1.7 hello'), name: 'a.jpg', type: 'image/jpeg' }, status: 415, reason: 'format', ja: /JPEG・PNG/, en: /Only JPEG/ },
    { what: 'a 20 MB + 1 byte file', file: { bytes: tooBig, name: 'big.png', type: 'image/png' }, status: 413, reason: 'tooLarge', ja: /大きすぎます（20 MBまで）/, en: /too large \(up to 20 MB\)/ },
    { what: 'a 30000×30000 PNG bomb', file: { bytes: pngBomb(30000), name: 'bomb.png', type: 'image/png' }, status: 422, reason: 'pixels', ja: /画素数が多すぎます/, en: /too many pixels/ },
    { what: 'a JPEG cut in its header', file: { bytes: noisy.subarray(0, 200), name: 'cut.jpg', type: 'image/jpeg' }, status: 422, reason: 'unreadable', ja: /読み込めませんでした/, en: /could not be read/ },
    { what: 'a JPEG cut in its pixels', file: { bytes: noisy.subarray(0, Math.floor(noisy.length * 0.6)), name: 'cut.jpg', type: 'image/jpeg' }, status: 422, reason: 'unreadable', ja: /読み込めませんでした/, en: /could not be read/ },
    { what: 'no file', file: null, status: 400, reason: 'noFile', ja: /画像ファイルを選んでください/, en: /Choose an image file/ },
  ]
  const auditBefore = (await app.staffStore.listAudit({})).length
  for (const c of cases) {
    const ja = await upload(app, sessions.editor, sessions.editor.csrf, c.file)
    t.equal(ja.statusCode, c.status, `${c.what}: ${c.status}`)
    t.match(ja.json(), { ok: false, statusCode: c.status, reason: c.reason, message: c.ja }, `${c.what}: in Japanese (the account's language)`)
  }
  // The staff member who chose English reads English.
  await app.inject({ method: 'POST', url: STAFF_PATHS.language, headers: { ...sessions.editor.headers, origin: SITE, 'content-type': 'application/x-www-form-urlencoded' }, payload: `_csrf=${sessions.editor.csrf}&locale=en` })
  for (const c of cases) {
    const en = await upload(app, sessions.editor, sessions.editor.csrf, c.file)
    t.match(en.json(), { statusCode: c.status, reason: c.reason, message: c.en }, `${c.what}: in English`)
  }
  t.notOk(existsSync(join(dir, 'images/uploads')), 'nothing stored')
  const audit = await app.staffStore.listAudit({})
  t.notOk(audit.slice(0, audit.length - auditBefore).some((e) => e.action === 'content.upload'), 'nothing audited as an upload')
})

t.test('who may: a responder and a request without the token are 403 (JSON, audited as refused); another site is 403; not multipart is 415', async (t) => {
  const { app, dir, sessions } = await uploadApp(t)
  const file = { bytes: await sharp({ create: { width: 10, height: 10, channels: 3, background: '#888' } }).jpeg().toBuffer(), name: 'a.jpg', type: 'image/jpeg' }
  const responder = await upload(app, sessions.responder, sessions.responder.csrf, file)
  t.equal(responder.statusCode, 403, 'responder')
  t.match(responder.json(), { ok: false, statusCode: 403 })
  const noToken = await upload(app, sessions.editor, null, file)
  t.equal(noToken.statusCode, 403, 'no token')
  const wrongField = await upload(app, sessions.editor, null, file, { _csrf: sessions.responder.csrf })
  t.equal(wrongField.statusCode, 403, "another session's token")
  const { payload, contentType } = await multipart(file)
  const crossSite = await app.inject({ method: 'POST', url: IMAGES, headers: { ...sessions.editor.headers, origin: 'https://evil.example', 'content-type': contentType, 'x-csrf-token': sessions.editor.csrf }, payload })
  t.equal(crossSite.statusCode, 403, 'cross-site')
  const json = await app.inject({ method: 'POST', url: IMAGES, headers: { ...sessions.editor.headers, origin: SITE, 'content-type': 'application/json', 'x-csrf-token': sessions.editor.csrf }, payload: '{}' })
  t.equal(json.statusCode, 415, 'not multipart')
  const signedOut = await app.inject({ method: 'POST', url: IMAGES, headers: { host: 'localhost', origin: SITE, 'content-type': contentType }, payload })
  t.equal(signedOut.statusCode, 303, 'nobody signed in: to the sign-in page')
  t.notOk(existsSync(join(dir, 'images/uploads')), 'nothing stored')
  const refused = (await app.staffStore.listAudit({})).filter((e) => e.action === 'request.refused' && e.target.startsWith(`path:${IMAGES}`))
  t.same(refused.map((e) => e.target.split(' ')[1]).sort(), ['cross-site', 'csrf', 'csrf', 'role'], 'each refusal audited')
})

t.test('multipart stays on the upload path: every other staff POST still refuses it', async (t) => {
  const { app, sessions } = await uploadApp(t)
  const { payload, contentType } = await multipart(null, { _csrf: sessions.editor.csrf, locale: 'en' })
  const res = await app.inject({ method: 'POST', url: STAFF_PATHS.language, headers: { ...sessions.editor.headers, origin: SITE, 'content-type': contentType }, payload })
  t.equal(res.statusCode, 415)
})
