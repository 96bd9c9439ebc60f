import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { normalisePassword, PASSWORD_MAX } from './password-policy'

export { checkPasswordPolicy, isCommonPassword, normalisePassword, PASSWORD_MAX, PASSWORD_MIN, type PasswordProblem } from './password-policy'

/**
 * Password hashing: scrypt from node:crypto (memory-hard; no native add-on), in a self-describing
 * PHC-style string `$scrypt$ln=15,r=8,p=3$<salt>$<hash>` (salt and hash base64 without padding), so the
 * parameters can change later: verify reads them from the string, `needsRehash` says when to re-hash
 * at the next successful sign-in. Parameters: OWASP Password Storage Cheat Sheet's scrypt row
 * N=2^15, r=8, p=3 (32 MiB per hash). At most two hashes run at once; the others wait in a bounded
 * queue, so a burst of sign-ins cannot take more than 2 × 32 MiB. Figures: bench/password-hash.mjs.
 * Decision: docs/decisions/0012-staff-sign-in-libraries.md.
 */

export interface ScryptParams {
  /** log2 of N, the CPU/memory cost. */
  ln: number
  r: number
  p: number
}

export const SCRYPT_PARAMS: Readonly<ScryptParams> = Object.freeze({ ln: 15, r: 8, p: 3 })
const SALT_BYTES = 16
const KEY_BYTES = 32
/** Hashes running at once, and how many may wait; beyond that a hash fails with PasswordHashBusy. */
export const HASH_CONCURRENCY = 2
export const HASH_QUEUE_MAX = 64

/** Too many sign-ins at once: the caller answers 503 (try again shortly) rather than queue without end. */
export class PasswordHashBusy extends Error {
  constructor() {
    super('password hashing: too many at once')
    this.name = 'PasswordHashBusy'
  }
}

let running = 0
const waiting: (() => void)[] = []

/** Runs `work` when fewer than HASH_CONCURRENCY hashes run, first come first served. */
async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= HASH_QUEUE_MAX) throw new PasswordHashBusy()
    await new Promise<void>((resolve) => waiting.push(resolve))
  } else running++
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next() // the slot passes to the next one: `running` stays
    else running--
  }
}

/** How many hashes run and wait now (for tests and metrics). */
export function hashLoad(): { running: number; waiting: number } {
  return { running, waiting: waiting.length }
}

function derive(password: string, salt: Buffer, { ln, r, p }: ScryptParams): Promise<Buffer> {
  const N = 2 ** ln
  // scrypt's memory: 128·N·r (V) + 128·r·p (B) + 256·r (XY); Node refuses above maxmem, so allow it plus 1 MiB.
  const options: ScryptOptions = { N, r, p, maxmem: 128 * r * (N + p + 2) + 1024 * 1024 }
  return limited(
    () => new Promise<Buffer>((resolve, reject) => scrypt(normalisePassword(password), salt, KEY_BYTES, options, (err, key) => (err ? reject(err) : resolve(key)))),
  )
}

const b64 = (bytes: Buffer) => bytes.toString('base64').replace(/=+$/, '')

/** The self-describing hash of a password (normalised NFKC first). */
export async function hashPassword(password: string, params: ScryptParams = SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, params)
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`
}

interface Parsed {
  params: ScryptParams
  salt: Buffer
  key: Buffer
}

/** Reads a stored hash; null when it is not one this code wrote, or its parameters are out of bounds (a corrupt row must not cost gigabytes). */
function parse(encoded: string): Parsed | null {
  const m = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d{1,2})\$([A-Za-z0-9+/]{16,})\$([A-Za-z0-9+/]{16,})$/.exec(encoded)
  if (!m) return null
  const params = { ln: Number(m[1]), r: Number(m[2]), p: Number(m[3]) }
  if (params.ln < 10 || params.ln > 20 || params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) return null
  return { params, salt: Buffer.from(m[4]!, 'base64'), key: Buffer.from(m[5]!, 'base64') }
}

/** Whether the password matches the stored hash (constant-time comparison). False for an unreadable hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parse(encoded)
  if (!parsed || password.length > PASSWORD_MAX * 4) {
    await verifyDummy(password)
    return false
  }
  const key = await derive(password, parsed.salt, parsed.params)
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key)
}

const DUMMY_SALT = randomBytes(SALT_BYTES)

/**
 * The same work as a verify, for a sign-in with an address that has no account (or no password
 * factor): the answer then takes as long as a wrong password would. Always false.
 */
export async function verifyDummy(password: string): Promise<false> {
  await derive(password.slice(0, PASSWORD_MAX * 4), DUMMY_SALT, SCRYPT_PARAMS)
  return false
}

/** Whether a stored hash was made with other parameters than today's (re-hash it after the next successful verify). */
export function needsRehash(encoded: string): boolean {
  const parsed = parse(encoded)
  if (!parsed) return true
  const { ln, r, p } = parsed.params
  return ln !== SCRYPT_PARAMS.ln || r !== SCRYPT_PARAMS.r || p !== SCRYPT_PARAMS.p || parsed.key.length !== KEY_BYTES
}
