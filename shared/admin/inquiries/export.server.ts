import { Readable } from 'node:stream'
import createError from '@fastify/error'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { STAFF_PATHS } from '../paths'
import { inboxQueryString, parseInboxQuery } from '../../../server/inbox/filter'
import type { Export } from '../../../server/inbox/service-person'
import { staffLocale } from '../../../server/staff/http/locale'
import { attachment, exportCsv, exportFileName, exportJson } from './export-file.server'
import { actorOf } from '../../../server/staff/http/services'

/** An export form with a filter or a format that is not valid: 400, the staff error page ('invalid'). */
export const BadExport = createError('SITE_INBOX_EXPORT', 'inquiry export: %s not valid', 400)

/** A form's fields as sent (a field sent twice, such as `status`, keeps every value). */
export function rawFields(req: FastifyRequest): Record<string, string | string[] | undefined> {
  const body = req.body
  return body && typeof body === 'object' ? (body as Record<string, string | string[]>) : {}
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
export async function sendExport(req: FastifyRequest, reply: FastifyReply, { pages, format, at }: Export, what: 'inquiries' | 'inquiries-person') {
  const name = exportFileName(what, format, at)
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
 * with notes and replies, as a download written page by page (sendExport). The service writes an 'export'
 * event per inquiry with each page it reads, and the 'inquiry.export' audit entry with the first.
 */
export async function exportInquiries(req: FastifyRequest, reply: FastifyReply, body: Record<string, unknown>) {
  const { filter, days, problems } = parseInboxQuery(rawFields(req))
  if (problems.length) throw new BadExport(problems.join(', '))
  const exported = req.server.inbox.exportInquiries(actorOf(req), filter, days, body.format)
  if (exported.kind === 'invalid') throw new BadExport(exported.field)
  return sendExport(req, reply, exported, 'inquiries')
}
