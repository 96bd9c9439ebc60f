import t from 'tap'
import { sha256Hex } from '../../../server/staff/tokens'
import { hashRecoveryCode, newRecoveryCode, newRecoveryCodes, normaliseRecoveryCode, RECOVERY_CODE_COUNT } from '../../../server/staff/recovery-codes'

const CROCKFORD = /^[0-9abcdefghjkmnpqrstvwxyz]{4}-[0-9abcdefghjkmnpqrstvwxyz]{4}-[0-9abcdefghjkmnpqrstvwxyz]{4}$/

t.test('ten codes, xxxx-xxxx-xxxx in Crockford base32 (60 bits), with their hashes in order', async (t) => {
  const { codes, hashes } = newRecoveryCodes()
  t.equal(RECOVERY_CODE_COUNT, 10)
  t.equal(codes.length, 10)
  t.equal(new Set(codes).size, 10, 'all different')
  for (const code of codes) t.match(code, CROCKFORD, code)
  t.same(hashes, codes.map((c) => hashRecoveryCode(c)), 'hash i is code i\'s')
  for (const hash of hashes) t.match(hash, /^[0-9a-f]{64}$/)
  t.notOk(hashes.some((h) => codes.some((c) => h.includes(c.replace(/-/g, '')))), 'no code inside a hash')
})

t.test('the codes use every letter of the alphabet and nothing else (randomness in the right range)', async (t) => {
  const seen = new Set<string>()
  for (let i = 0; i < 500; i++) for (const c of newRecoveryCode().replace(/-/g, '')) seen.add(c)
  t.equal([...seen].sort().join(''), '0123456789abcdefghjkmnpqrstvwxyz', '32 symbols: 5 bits each, 12 of them: 60 bits')
})

t.test('what people type back: case, spaces, hyphens, full-width, O/I/L read as 0/1', async (t) => {
  const code = '7k2m-q9xd-4hb0'
  const hash = hashRecoveryCode(code)
  for (const typed of ['7K2M-Q9XD-4HB0', '7k2mq9xd4hb0', ' 7k2m q9xd 4hb0 ', '7k2m-q9xd-4hbo', '７Ｋ２Ｍ－Ｑ９ＸＤ－４ＨＢ０']) {
    t.equal(hashRecoveryCode(typed), hash, JSON.stringify(typed))
  }
  t.equal(hashRecoveryCode('1111-1111-1111'), hashRecoveryCode('iIlL-1111-1111'), 'I, i, L, l are 1')
  t.not(hashRecoveryCode('7k2m-q9xd-4hb1'), hash, 'one character off: another hash')
  t.equal(normaliseRecoveryCode('7k2m-q9xd-4hb0'), '7K2MQ9XD4HB0')
  for (const bad of ['7k2m-q9xd-4hb', '7k2m-q9xd-4hb00', 'uuuu-uuuu-uuuu', '7k2m-q9xd-4hb!', '', 42, null, ['7k2m-q9xd-4hb0'], 'x'.repeat(1000)]) {
    t.equal(hashRecoveryCode(bad), null, JSON.stringify(bad))
  }
})

t.test('the hash is SHA-256 of the canonical form (what the store compares)', async (t) => {
  t.equal(hashRecoveryCode('abcd-efgh-jkmn'), sha256Hex('recovery:ABCDEFGHJKMN'))
})
