// A software authenticator for the passkey tests: what a platform authenticator sends back to the browser,
// made with node:crypto (an EC P-256 key, ES256) and CBOR from @simplewebauthn/server's own helpers, so the
// server's verification runs the library's real code on real bytes. WebAuthn Level 3 §6.1 (authenticator
// data), §6.5.4 ('none' attestation), §5.8.1 (client data).
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'
import { isoCBOR } from '@simplewebauthn/server/helpers'

export const FLAGS = { UP: 0x01, UV: 0x04, BE: 0x08, BS: 0x10, AT: 0x40 } as const

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest()
const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url')
const u32 = (n: number) => {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n)
  return b
}

export interface SoftAuthenticatorOptions {
  /** The origin the "browser" reports (clientDataJSON.origin). */
  origin: string
  /** The rp id the authenticator scopes the credential to (its hash goes into authenticator data). */
  rpID: string
  /** The user handle (account id) stored with the credential. */
  userId: string
  /** Counter start; 0 keeps it at 0 (as synced passkeys do), else it grows by one per signature. */
  counter?: number
}

export interface Overrides {
  flags?: number
  origin?: string
  rpID?: string
  challenge?: string
  type?: string
  counter?: number
  userHandle?: string
  /** Sign with another key (a forged answer). */
  key?: KeyObject
}

export class SoftAuthenticator {
  readonly credentialId = randomBytes(32)
  readonly id = b64url(this.credentialId)
  private readonly keys = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  counter: number
  constructor(private readonly opts: SoftAuthenticatorOptions) {
    this.counter = opts.counter ?? 0
  }

  /** The COSE_Key of the public key (kty EC2, alg ES256, crv P-256, x, y). */
  cosePublicKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' })
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
        [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
      ]),
    )
  }

  private clientData(type: string, challenge: string, o: Overrides): string {
    return JSON.stringify({ type: o.type ?? type, challenge: o.challenge ?? challenge, origin: o.origin ?? this.opts.origin, crossOrigin: false })
  }

  /** navigator.credentials.create(): a RegistrationResponseJSON for the options' challenge. */
  create(challenge: string, o: Overrides = {}) {
    const flags = o.flags ?? FLAGS.UP | FLAGS.UV | FLAGS.BE | FLAGS.BS | FLAGS.AT
    const idLength = Buffer.alloc(2)
    idLength.writeUInt16BE(this.credentialId.length)
    const attested = Buffer.concat([Buffer.alloc(16) /* AAGUID: none */, idLength, this.credentialId, this.cosePublicKey()])
    const authData = Buffer.concat([sha256(o.rpID ?? this.opts.rpID), Buffer.from([flags]), u32(o.counter ?? this.counter), attested])
    const attStmt = new Map<string, string>()
    const attestationObject = isoCBOR.encode(new Map<string, string | Uint8Array | Map<string, string>>([['fmt', 'none'], ['attStmt', attStmt], ['authData', new Uint8Array(authData)]]))
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', challenge, o)), attestationObject: b64url(attestationObject), transports: ['internal', 'hybrid'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }

  /** navigator.credentials.get(): an AuthenticationResponseJSON signed over authData ‖ SHA-256(clientDataJSON). */
  get(challenge: string, o: Overrides = {}) {
    if (this.counter > 0 && o.counter === undefined) this.counter++
    const flags = o.flags ?? FLAGS.UP | FLAGS.UV | FLAGS.BE | FLAGS.BS
    const authData = Buffer.concat([sha256(o.rpID ?? this.opts.rpID), Buffer.from([flags]), u32(o.counter ?? this.counter)])
    const clientDataJSON = this.clientData('webauthn.get', challenge, o)
    // ES256: ECDSA P-256 with SHA-256, DER-encoded signature (node's default), as WebAuthn wants it.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), o.key ?? this.keys.privateKey)
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: o.userHandle ?? b64url(this.opts.userId) },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    }
  }
}
