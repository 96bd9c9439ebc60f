/** The enrolment link's page: who it is for and the authenticator app's setup, or why the link no longer works. */
import { createHmac } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { staffTranslators } from '../../../server/i18n/staff-catalog'
import { qrSvg } from '../../../server/staff/qr'
import { sha256Hex } from '../../../server/staff/tokens'
import { totpSecretOf, totpUri } from '../../../server/staff/totp'
import type { Account } from '../../../server/staff/types'
import type { Locale } from '../../i18n/locales'
import type { StaffLoaderContext } from '../types'
import type { EnrolData, EnrolTotp } from './page-data'

const translators = staffTranslators(() => {})

/** The account of a usable enrolment link (known, unused, unexpired, account enabled), and the link's hash. */
export async function enrolmentOf(req: FastifyRequest, token: string): Promise<{ account: Account; tokenHash: string } | null> {
  const { store, now } = req.server.staffArea
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null
  const tokenHash = sha256Hex(token)
  const link = await store.findEnrolmentLink(tokenHash)
  if (!link || link.usedAt !== null || link.expiresAt <= now()) return null
  const account = await store.findAccount(link.accountId)
  return account && !account.disabled ? { account, tokenHash } : null
}

/**
 * The TOTP secret an enrolment link offers: derived from the link (its hash, under the staff area's own
 * key), so every load of the page, on any replica, shows the same key until the link is used or expires
 * (a reload never silently replaces a key already scanned), and a new link has a new one. Nothing stored.
 */
export function enrolSecret(req: FastifyRequest, tokenHash: string): string {
  const key = req.server.staffArea.signer.subkey('enrol-totp')
  return totpSecretOf(createHmac('sha256', key).update(tokenHash).digest().subarray(0, 20))
}

/** The TOTP setup of the page: the link's secret, its URI and QR code. */
export async function totpSetup(req: FastifyRequest, account: Account, secret: string, locale: Locale): Promise<EnrolTotp> {
  const uri = totpUri({ secret, account: account.email, issuer: req.server.staffArea.siteName(req) })
  return {
    uri,
    secretText: secret.replace(/(.{4})(?=.)/g, '$1 '),
    qrSvg: await qrSvg(uri, { label: translators[locale]('staff.enrol.qrLabel') }),
  }
}

/** GET /admin/enrol/<token>: the choice of a passkey or a password and code, or why the link no longer works. */
export async function loadEnrolPage({ req, params, locale }: StaffLoaderContext): Promise<EnrolData> {
  const found = await enrolmentOf(req, params.token ?? '')
  if (!found) return { step: 'invalid' }
  const { account, tokenHash } = found
  return { step: 'choose', email: account.email, name: account.name, totp: await totpSetup(req, account, enrolSecret(req, tokenHash), locale), errors: {}, notice: null }
}
