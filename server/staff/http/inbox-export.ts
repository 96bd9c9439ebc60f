import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import createError from '@fastify/error'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS } from '../../../shared/admin/paths'
import { inboxQueryString, parseInboxQuery } from '../../inbox/filter'
import type { ExportedInquiry, InboxFilter } from '../../inbox/types'
import { staffLocale } from './locale'
import { attachment, exportCsv, exportFileName, exportJson, isExportFormat, type ExportFormat } from './inbox-export-file'
import { actorOf } from './inquiry-page'
import { auditOf } from './services'

/** An export form with a filter or a format that is not valid: 400, the staff error page ('invalid'). */
export const BadExport = createError('SITE_INBOX_EXPORT', 'inquiry export: %s not valid', 400)

/** A form's fields as sent (a field sent twice, such as `status`, keeps every value). */
export function rawFields(req: FastifyRequest): Record<string, string | string[] | undefined> {
  const body = req.body
  return body && typeof body === 'object' ? (body as Record<string, string | string[]>) : {}
}

/** An address as the audit log names it: 'email:' and the first 12 hex digits of the SHA-256 of its lower case, never the address. */
export function emailTarget(email: string): string {
  return `email:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 12)}`
}

/**
 * The audit target of a list export: the format and the filter's parameters, with the search words
 * left out (`q` only: they may be a person's name).
 */
function listTarget(format: ExportFormat, filter: InboxFilter, days: { from?: string; to?: string }): string {
  const query = inboxQueryString({ filter: { ...filter, q: undefined }, days }).slice(1)
  return `inquiries format:${format}${query ? ` ${query}` : ''}${filter.q ? ' q' : ''}`
}

/** `items` with its first one read now (the rest as they are asked for): a failure there is thrown here. */
async function firstRead<T>(items: AsyncIterable<T>): Promise<AsyncIterable<T>> {
  const iterator = items[Symbol.asyncIterator]()
  const first = await iterator.next()
  return (async function* () {
    if (!first.done) yield first.value
    yield* { [Symbol.asyncIterator]: () => iterator }
  })()
}

/**
 * Sends the export as a download (no-store is on every staff answer already), written page by page as
 * the client takes it: a Readable from the file's generator, so a page is read from the store only when
 * the one before has gone out (backpressure; memory flat whatever the count). The first page is read
 * before the answer starts: a failure there (the database away) is the usual error page. A failure
 * later destroys the connection (fastify, for a stream that errs after the headers): the chunked answer
 * lacks its last chunk, so no client takes the cut file for a whole one (a cut JSON file does not parse).
 */
export async function sendExport(req: FastifyRequest, reply: FastifyReply, pages: AsyncIterable<ExportedInquiry[]>, format: ExportFormat, what: 'inquiries' | 'inquiries-person', now: number) {
  const name = exportFileName(what, format, now)
  const locale = staffLocale(req, req.staffSession?.account.locale)
  const read = await firstRead(pages)
  reply.header('content-disposition', attachment(name)).header('x-content-type-options', 'nosniff')
  const file = format === 'csv' ? exportCsv(read, locale) : exportJson(read)
  return reply.type(format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8').send(Readable.from(file, { objectMode: false }))
}

/** The list page the export came from, with its filter: where the confirmation brings the staff member back. */
export function exportBack(req: FastifyRequest): string {
  return STAFF_PATHS.inquiries + inboxQueryString(parseInboxQuery(rawFields(req)))
}

/**
 * POST /admin/inquiries/export (the list page's form: the list filter's parameters, `format` csv|json,
 * `_csrf`), after a factor proved in the last 5 minutes: every inquiry the filter matches (no paging),
 * with notes and replies, as a download written page by page (sendExport). The store writes an 'export'
 * event per inquiry with each page it reads, and the 'inquiry.export' audit entry with the first.
 */
export async function exportInquiries(req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>) {
  const { filter, days, problems } = parseInboxQuery(rawFields(req))
  if (problems.length) throw new BadExport(problems.join(', '))
  const format = body.format
  if (!isExportFormat(format)) throw new BadExport('format')
  const now = req.server.staffArea.now()
  const audit = auditOf(req, req.staffSession!.account.id, 'inquiry.export', listTarget(format, filter, days))
  return sendExport(req, reply, req.server.inboxStore.exportPages(filter, actorOf(req), now, audit), format, 'inquiries', now)
}
