import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import type { Account, Passkey } from './types'
import { CHALLENGE_TTL_MS } from './passkey-challenge'

export { CHALLENGE_TTL_MS, openChallenge, signChallenge } from './passkey-challenge'

/**
 * Passkeys (WebAuthn) with @simplewebauthn/server: discoverable credentials (the sign-in page offers
 * them in the browser's autofill, no address typed first), attestation 'none', user verification
 * required (a passkey signs in on its own, so it must be two factors: the device and its PIN or
 * biometric). The relying party id is SITE_URL's host name and the expected origin SITE_URL's origin.
 * No state here: the challenge travels in a signed token (passkey-challenge.ts), records go to the
 * store through the caller (passkey-steps.ts: each challenge answered once, the counter by
 * compare-and-set).
 */

export interface RelyingParty {
  /** SITE_URL's host name, e.g. 'www.example.co.jp' or 'localhost'. */
  rpID: string
  /** SITE_URL's origin, e.g. 'https://www.example.co.jp' or 'http://localhost:3000'. */
  origin: string
  /** Shown by the browser and the authenticator: the site's name. */
  name: string
}

export type PasskeyFailure = { ok: false; reason: 'invalid'; detail: string }

const USER_VERIFICATION = 'required'
const NAME_MAX = 100

export function relyingParty(siteUrl: string, siteName: string): RelyingParty {
  const url = new URL(siteUrl)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`passkeys: SITE_URL must be http(s), not ${url.protocol}`)
  return { rpID: url.hostname, origin: url.origin, name: siteName }
}

/** The user handle of an account: its id's bytes (no personal data). */
const userHandle = (accountId: string) => new TextEncoder().encode(accountId)

/** Options for navigator.credentials.create(); sign `options.challenge` with purpose 'register:<account id>'. */
export function registrationOptions({ rp, account, existing }: { rp: RelyingParty; account: Pick<Account, 'id' | 'email' | 'name'>; existing: Pick<Passkey, 'id' | 'transports'>[] }): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.rpID,
    userName: account.email,
    userDisplayName: account.name || account.email,
    userID: userHandle(account.id),
    attestationType: 'none',
    timeout: CHALLENGE_TTL_MS,
    // The account's passkeys: the authenticator that holds one says so instead of making a second.
    excludeCredentials: existing.map((p) => ({ id: p.id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: USER_VERIFICATION },
  })
}

/** Options for navigator.credentials.get(): no allowCredentials (discoverable, autofill), unless a re-authentication names the account's passkeys. */
export function authenticationOptions({ rp, passkeys = [] }: { rp: RelyingParty; passkeys?: Pick<Passkey, 'id' | 'transports'>[] }): Promise<PublicKeyCredentialRequestOptionsJSON> {
  return generateAuthenticationOptions({
    rpID: rp.rpID,
    allowCredentials: passkeys.map((p) => ({ id: p.id, transports: p.transports })),
    userVerification: USER_VERIFICATION,
    timeout: CHALLENGE_TTL_MS,
  })
}

const fail = (err: unknown): PasskeyFailure => ({ ok: false, reason: 'invalid', detail: err instanceof Error ? err.message : String(err) })

/** The credential id a response names (to find the passkey before verifying), or null. */
export function credentialIdOf(response: unknown): string | null {
  const id = (response as { id?: unknown } | null)?.id
  return typeof id === 'string' && /^[A-Za-z0-9_-]{16,1400}$/.test(id) ? id : null
}

/**
 * Checks the browser's answer to registrationOptions (`response`: the JSON it posted, unchecked) against
 * the challenge opened from its token: the new Passkey record, or why not (`detail` for the log only).
 */
export async function verifyRegistration({ rp, accountId, response, challenge, name, nowMs }: { rp: RelyingParty; accountId: string; response: unknown; challenge: string; name: string; nowMs: number }): Promise<{ ok: true; passkey: Passkey } | PasskeyFailure> {
  try {
    if (!credentialIdOf(response)) throw new Error('no credential id')
    const result = await verifyRegistrationResponse({
      response: response as RegistrationResponseJSON,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      requireUserVerification: true,
    })
    if (!result.verified) throw new Error('attestation not verified')
    const { credential } = result.registrationInfo
    const transports = (Array.isArray(credential.transports) ? credential.transports : []).filter((t): t is string => typeof t === 'string' && /^[a-z-]{1,20}$/.test(t)).slice(0, 8)
    return {
      ok: true,
      passkey: {
        id: credential.id,
        accountId,
        name: [...name.trim()].slice(0, NAME_MAX).join(''),
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports,
        createdAt: nowMs,
        lastUsedAt: null,
      },
    }
  } catch (err) {
    return fail(err)
  }
}

/**
 * Checks a sign-in (or re-authentication) answer made with `passkey` (found by credentialIdOf): the
 * counter to store (StaffStore.usePasskey), or why not. The response's user handle, when given, must be
 * the passkey's account.
 */
export async function verifyAuthentication({ rp, passkey, response, challenge }: { rp: RelyingParty; passkey: Passkey; response: unknown; challenge: string }): Promise<{ ok: true; counter: number } | PasskeyFailure> {
  try {
    if (credentialIdOf(response) !== passkey.id) throw new Error('the response names another credential')
    const answer = response as AuthenticationResponseJSON
    const handle = answer.response?.userHandle
    if (handle !== undefined && handle !== null && handle !== Buffer.from(userHandle(passkey.accountId)).toString('base64url')) {
      throw new Error('the user handle is not the passkey\'s account')
    }
    const result = await verifyAuthenticationResponse({
      response: answer,
      expectedChallenge: challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.rpID,
      credential: { id: passkey.id, publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')), counter: passkey.counter, transports: passkey.transports },
      requireUserVerification: true,
    })
    if (!result.verified) throw new Error('signature not verified')
    return { ok: true, counter: result.authenticationInfo.newCounter }
  } catch (err) {
    return fail(err)
  }
}
