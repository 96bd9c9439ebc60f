// The editor's image upload through the real app: a copy of the fixture content to write into, staff
// accounts signed in through the real form, multipart bodies built as a browser's FormData builds them.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { deflateSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import { FIXTURE_CONTENT, SITE } from '../../helper'
import { addAccount, clock, signIn, staffApp, type Clock } from '../staff/web-helper'
import type { Role } from '../../../server/staff/types'

export const IMAGES = STAFF_PATHS.contentImages

/** The app on a copy of the fixture content (`dir`), with an admin, an editor and a responder signed in. */
export async function uploadApp(t: { teardown: (fn: () => unknown) => void }, time: Clock = clock()) {
  const dir = mkdtempSync(join(tmpdir(), 'content-upload-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  const app = await staffApp(t, time, { contentDir: dir })
  const sessions = {} as Record<Role, Awaited<ReturnType<typeof signIn>> & { accountId: string }>
  for (const role of ['admin', 'editor', 'responder'] as const) {
    const who = await addAccount(app, time, role)
    sessions[role] = { ...(await signIn(app, time, who)), accountId: who.account.id }
  }
  return { app, dir, time, sessions }
}

/** A multipart body as a browser sends it: the file as `file`, plus text fields. */
export async function multipart(file: { bytes: Uint8Array; name: string; type: string } | null, fields: Record<string, string> = {}) {
  const form = new FormData()
  for (const [name, value] of Object.entries(fields)) form.append(name, value)
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name)
  const request = new Request('http://localhost/', { method: 'POST', body: form })
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! }
}

/** POSTs an upload as the image picker does (same origin; the token in X-CSRF-Token unless `csrf` is null). */
export async function upload(app: FastifyInstance, session: { headers: Record<string, string> }, csrf: string | null, file: Parameters<typeof multipart>[0], fields: Record<string, string> = {}) {
  const { payload, contentType } = await multipart(file, fields)
  const headers: Record<string, string> = { ...session.headers, origin: SITE, 'content-type': contentType }
  if (csrf !== null) headers['x-csrf-token'] = csrf
  return app.inject({ method: 'POST', url: IMAGES, headers, payload })
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})
function crc32(bytes: Buffer): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(4)
  head.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([head, body, crc])
}

/**
 * A real decompression bomb: a valid 1-bit greyscale PNG of `size`×`size` white pixels (for 30000: 900 million
 * pixels, 3.4 GB once decoded to RGBA) in about 110 KB.
 */
export function pngBomb(size: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(size, 0)
  ihdr.writeUInt32BE(size, 4)
  ihdr.set([1, 0, 0, 0, 0], 8) // bit depth 1, greyscale, deflate, filter 0, no interlace
  const row = 1 + Math.ceil(size / 8)
  const raw = Buffer.alloc(row * size, 0xff)
  for (let y = 0; y < size; y++) raw[y * row] = 0 // filter byte: none
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  return Buffer.concat([signature, chunk('IHDR', ihdr), chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))])
}
