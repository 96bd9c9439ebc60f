import t from 'tap'
import { sha256Hex } from '../../../server/staff/tokens'
import { hashRecoveryCode, legacyRecoveryHash, matchRecoveryCode, newRecoveryCode, newRecoveryCodes, normaliseRecoveryCode, RECOVERY_CODE_COUNT, RECOVERY_SCRYPT } from '../../../server/staff/recovery-codes'

const CROCKFORD = /^[0-9abcdefghjkmnpqrstvwxyz]{4}-[0-9abcdefghjkmnpqrstvwxyz]{4}-[0-9abcdefghjkmnpqrstvwxyz]{4}$/
/** What the first version stored for a code: its unsalted SHA-256. */
const legacyHash = (code: string) => legacyRecoveryHash(normaliseRecoveryCode(code)!)

t.test('ten codes, xxxx-xxxx-xxxx in Crockford base32 (60 bits), with their salted hashes in order', async (t) => {
  const { codes, hashes } = await newRecoveryCodes()
  t.equal(RECOVERY_CODE_COUNT, 10)
  t.equal(codes.length, 10)
  t.equal(new Set(codes).size, 10, 'all different')
  for (const code of codes) t.match(code, CROCKFORD, code)
  const { ln, r, p } = RECOVERY_SCRYPT
  for (const hash of hashes) t.match(hash, new RegExp(`^\\$scrypt\\$ln=${ln},r=${r},p=${p}\\$`), 'scrypt, self-describing')
  t.notOk(hashes.some((h) => codes.some((c) => h === legacyHash(c) || h.includes(c.replace(/-/g, '')) || h.includes(normaliseRecoveryCode(c)!))), 'no stored value is a code or its SHA-256')
  for (const [i, code] of codes.entries()) t.equal(await matchRecoveryCode(code, hashes), hashes[i], `code ${i} matches hash ${i}`)
})

t.test('salted: the same code hashed twice (two accounts) is stored differently, and each matches it', async (t) => {
  const code = newRecoveryCode()
  const [a, b] = [(await hashRecoveryCode(code))!, (await hashRecoveryCode(code))!]
  t.not(a, b)
  t.equal(await matchRecoveryCode(code, [a]), a)
  t.equal(await matchRecoveryCode(code, [b]), b)
})

t.test('the codes use every letter of the alphabet and nothing else (randomness in the right range)', async (t) => {
  const seen = new Set<string>()
  for (let i = 0; i < 500; i++) for (const c of newRecoveryCode().replace(/-/g, '')) seen.add(c)
  t.equal([...seen].sort().join(''), '0123456789abcdefghjkmnpqrstvwxyz', '32 symbols: 5 bits each, 12 of them: 60 bits')
})

t.test('what people type back: case, spaces, hyphens, full-width, O/I/L read as 0/1', async (t) => {
  const code = '7k2m-q9xd-4hb0'
  const stored = [(await hashRecoveryCode(code))!]
  for (const typed of ['7K2M-Q9XD-4HB0', '7k2mq9xd4hb0', ' 7k2m q9xd 4hb0 ', '7k2m-q9xd-4hbo', '７Ｋ２Ｍ－Ｑ９ＸＤ－４ＨＢ０']) {
    t.equal(await matchRecoveryCode(typed, stored), stored[0], JSON.stringify(typed))
  }
  const ones = (await hashRecoveryCode('1111-1111-1111'))!
  t.equal(await matchRecoveryCode('iIlL-1111-1111', [ones]), ones, 'I, i, L, l are 1')
  t.equal(await matchRecoveryCode('7k2m-q9xd-4hb1', stored), null, 'one character off: no match')
  t.equal(normaliseRecoveryCode('7k2m-q9xd-4hb0'), '7K2MQ9XD4HB0')
  for (const bad of ['7k2m-q9xd-4hb', '7k2m-q9xd-4hb00', 'uuuu-uuuu-uuuu', '7k2m-q9xd-4hb!', '', 42, null, ['7k2m-q9xd-4hb0'], 'x'.repeat(1000)]) {
    t.equal(await hashRecoveryCode(bad), null, JSON.stringify(bad))
    t.equal(await matchRecoveryCode(bad, stored), null, JSON.stringify(bad))
  }
})

t.test('rows of the first version (unsalted SHA-256) still match their code, and only theirs', async (t) => {
  t.equal(legacyHash('abcd-efgh-jkmn'), sha256Hex('recovery:ABCDEFGHJKMN'), 'the SHA-256 of the canonical form, as the first version wrote it')
  const code = newRecoveryCode()
  const salted = (await hashRecoveryCode(newRecoveryCode()))!
  t.equal(await matchRecoveryCode(code.toUpperCase(), [salted, legacyHash(code)]), legacyHash(code))
  t.equal(await matchRecoveryCode(newRecoveryCode(), [legacyHash(code)]), null)
})
