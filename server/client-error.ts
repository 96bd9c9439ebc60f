import { STATUS_CODES, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'

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

/** Connections Node refused a request on, with the status they were answered: the error handler logs that status. */
const refused = new WeakMap<Socket, number>()

/**
 * The status Node's parser answered on this connection (408 when its request's body stopped arriving), if
 * it did: the application's own error for that request (the body 'aborted') is then not the answer.
 */
export function refusedStatus(socket: Socket | null | undefined): number | undefined {
  return socket ? refused.get(socket) : undefined
}

/**
 * Fastify's clientErrorHandler (called with the Fastify instance as `this`): requests Node refuses before
 * the application sees them (headers too large, a malformed request line, headers or a body that did not
 * arrive within HEADERS_TIMEOUT_MS / REQUEST_TIMEOUT_MS) get a small HTML page with the site's security
 * headers instead of the framework's JSON, and the connection is closed. One info line says so, with the
 * connection's peer address. A request whose answer has already begun cannot be answered again: its
 * connection is only closed.
 */
export function answerClientError(this: FastifyInstance | void, err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return
  // Already answered (the client closing its end after our answer shows as a parse error): nothing more to say.
  if (refused.has(socket)) return void socket.destroy()
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400
  refused.set(socket, status)
  this?.log?.info({ remoteAddress: socket.remoteAddress, code: err.code, statusCode: status }, 'request refused by the HTTP parser')
  const body = Buffer.from(clientErrorPage(status))
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage
  if (!socket.writable || inFlight?.headersSent) return void socket.destroy(err)
  const head =
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
    'Content-Type: text/html; charset=utf-8\r\n' +
    `Content-Length: ${body.length}\r\n` +
    "Content-Security-Policy: default-src 'none'; frame-ancestors 'none'\r\n" +
    'X-Content-Type-Options: nosniff\r\nX-Frame-Options: DENY\r\nReferrer-Policy: strict-origin-when-cross-origin\r\n' +
    'Cache-Control: no-store\r\nConnection: close\r\n\r\n'
  socket.end(Buffer.concat([Buffer.from(head), body]))
}
