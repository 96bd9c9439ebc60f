import { STATUS_CODES } from 'node:http'
import type { FastifyReply } from 'fastify'
import type { Locale } from '../../shared/i18n/locales'
import { lookupMessage } from '../../shared/i18n/messages'
import { catalog } from '../i18n/catalog'

/** The contact API's localised message for an error status (500's for any unlisted one). */
export function apiMessage(locale: Locale, statusCode: number): string {
  return (
    lookupMessage(catalog[locale], `units.contact.api.${statusCode}`) ??
    lookupMessage(catalog[locale], 'units.contact.api.500') ??
    STATUS_CODES[statusCode] ??
    'Error'
  )
}

/** Every error of the JSON API: `{ "message": "<localised>" }`, never cached. */
export function sendApiError(reply: FastifyReply, statusCode: number, locale: Locale): FastifyReply {
  return reply.code(statusCode).header('cache-control', 'no-store').type('application/json; charset=utf-8').send({ message: apiMessage(locale, statusCode) })
}
