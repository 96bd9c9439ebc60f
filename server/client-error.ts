import { STATUS_CODES } from 'node:http'
import type { Socket } from 'node:net'

/** What a visitor reads for each status Node's HTTP parser answers itself, in both languages (the path is unknown). */
const TEXT: Record<number, { ja: string; en: string }> = {
  400: { ja: 'リクエストが正しくありません。', en: 'The request is invalid.' },
  408: { ja: 'リクエストがタイムアウトしました。もう一度お試しください。', en: 'The request took too long. Please try again.' },
  431: { ja: 'リクエストヘッダーが大きすぎます。Cookie を削除してからお試しください。', en: 'The request headers are too large. Clear this site’s cookies and try again.' },
}

/** A whole error page with no outside resource: nothing may be loaded for a request that was not understood. */
export function clientErrorPage(status: number): string {
  const text = TEXT[status] ?? TEXT[400]!
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`
  return (
    `<!doctype html><html lang="ja"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
    `<body><h1>${title}</h1><p>${text.ja}</p><p lang="en">${text.en}</p>` +
    `<p><a href="/">トップページへ戻る</a> · <a href="/en" lang="en">Back to the home page</a></p></body></html>`
  )
}

/**
 * Fastify's clientErrorHandler: requests Node refuses before the application sees them (headers
 * too large, a malformed request line, a request that took too long) get a small HTML page with the
 * site's security headers instead of the framework's JSON, and the connection is closed.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
  const body = Buffer.from(clientErrorPage(status))
  if (!socket.writable) return void socket.destroy(err)
  const head =
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    'Content-Type: text/html; charset=utf-8\r\n' +
    `Content-Length: ${body.length}\r\n` +
    "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n" +
    'X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nReferrer-Policy: strict-origin-when-cross-origin\r\n' +
    'Cache-Control: no-store\r\nConnection: close\r\n\r\n'
  socket.end(Buffer.concat([Buffer.from(head), body]))
}
