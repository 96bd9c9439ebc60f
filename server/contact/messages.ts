import { STATUS_CODES } from 'node:http'
import type { FastifyReply } from 'fastify'
import type { Locale } from '../../shared/i18n/locales'
import { lookupMessage } from '../../shared/i18n/messages'
import { catalog } from '../i18n/catalog'

/**
 * The contact API's localised message for an error status (500's for any unlisted one), or
 * the message `units.contact.api.<reason>` when a status has more than one cause.
 */
export function apiMessage(locale: Locale, statusCode: number, reason?: string): string {
  return (
    (reason ? lookupMessage(catalog[locale], `units.contact.api.${reason}`) : undefined) ??
    lookupMessage(catalog[locale], `units.contact.api.${statusCode}`) ??
    lookupMessage(catalog[locale], 'units.contact.api.500') ??
    STATUS_CODES[statusCode] ??
    'Error'
  )
}

/** Every error of the JSON API: `{ "message": "<localised>" }`, never cached. */
export function sendApiError(reply: FastifyReply, statusCode: number, locale: Locale, reason?: string): FastifyReply {
  return reply.code(statusCode).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ message: apiMessage(locale, statusCode, reason) })
}
