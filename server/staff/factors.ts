/** The password and code check, shared by the sign-in form and the confirmation page. */
import type { FastifyRequest } from 'fastify'
import { auditOf } from './http/services'
import { verifyDummy, verifyPassword } from './password'
import { matchRecoveryCode } from './recovery-codes'
import { normaliseTotpCode, verifyTotp } from './totp'
import type { Account } from './types'

/**
 * The password and code check of the sign-in form and of a confirmation (/admin/confirm): the
 * password, then the code (TOTP, each step once, or an unused recovery code, audited when used). An
 * address without an account (or without a password) costs the same hash as a wrong password.
 */
export async function checkFactors(req: FastifyRequest, account: Account | null, password: string, code: string): Promise<boolean> {
  const { store, now } = req.server.staffArea
  const factor = account && !account.disabled ? await store.findPasswordFactor(account.id) : null
  const passwordOk = factor ? await verifyPassword(password, factor.passwordHash) : await verifyDummy(password)
  if (!factor || !passwordOk) return false
  if (normaliseTotpCode(code) !== null) {
    const step = await verifyTotp(factor.totpSecret, code, now())
    return step !== null && (await store.acceptTotpStep(factor.accountId, step))
  }
  const recovery = await matchRecoveryCode(code, await store.unusedRecoveryCodeHashes(factor.accountId))
  return recovery !== null && (await store.useRecoveryCode(factor.accountId, recovery, auditOf(req, factor.accountId, 'recovery.use', `account:${factor.accountId}`)))
}
