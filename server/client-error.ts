import { STATUS_CODES, type ServerResponse } from 'node:http'
import type { Socket } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { escapeHtml } from '../shared/escape'
import { DEFAULT_LOCALE, LOCALE_CODES, type Locale } from '../shared/i18n/locales'
import { lookupMessage } from '../shared/i18n/messages'
import { localizePath } from '../shared/i18n/negotiate'
import { catalog } from './i18n/catalog'

/** Statuses Node's HTTP parser answers itself, each with its text in every language (titles.refused in locales/). */
const REFUSED_STATUSES = [400, 408, 431]

const refusedText = (code: Locale, key: string) => escapeHtml(lookupMessage(catalog[code], `titles.refused.${key}`) ?? '')
/** The lang attribute of a text in a language other than the page's (the default language's). */
const langOf = (code: Locale) => (code === DEFAULT_LOCALE ? '' : ` lang="${code}"`)

/**
 * A whole error page with no outside resource: nothing may be loaded for a request that was not understood.
 * What a visitor reads is given in every language, one after the other (the path, and so the language, is unknown).
 */
export function clientErrorPage(status: number): string {
  const key = String(REFUSED_STATUSES.includes(status) ? status : 400)
  const title = `${status} ${STATUS_CODES[status] ?? 'Error'}`
  return (
    `<!doctype html><html lang="${DEFAULT_LOCALE}"><head><meta charset="utf-8"><meta name="robots" content="noindex">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>` +
    `<body><h1>${title}</h1>${LOCALE_CODES.map((code) => `<p${langOf(code)}>${refusedText(code, key)}</p>`).join('')}` +
    `<p>${LOCALE_CODES.map((code) => `<a href="${localizePath('/', code)}"${langOf(code)}>${refusedText(code, 'home')}</a>`).join(' · ')}</p></body></html>`
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
