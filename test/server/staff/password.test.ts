import t from 'tap'
import { dictionary } from '@zxcvbn-ts/language-common'
import {
  checkPasswordPolicy,
  hashLoad,
  hashPassword,
  HASH_CONCURRENCY,
  HASH_QUEUE_MAX,
  needsRehash,
  PasswordHashBusy,
  SCRYPT_PARAMS,
  verifyDummy,
  verifyPassword,
} from '../../../server/staff/password'

// The password policy and the scrypt hash (node:crypto, the real parameters unless a test says otherwise).

const account = { email: 'Hanako.Yamada@example.co.jp', name: 'Yamada Hanako' }

t.test('policy: length in code points after NFKC, 12 to 1024', async (t) => {
  t.equal(checkPasswordPolicy('tall tree 45', account), null, '12 characters: accepted')
  t.equal(checkPasswordPolicy('tall tree 4', account), 'tooShort', '11: too short')
  t.equal(checkPasswordPolicy('', account), 'tooShort')
  // 12 emoji are 24 UTF-16 units but 12 characters; 11 emoji (22 units) are too short.
  t.equal(checkPasswordPolicy('🏗️'.repeat(6), account), null, '6 × (crane + variation selector): 12 code points')
  t.equal(checkPasswordPolicy('🏗'.repeat(11), account), 'tooShort', '11 emoji: 22 units, 11 characters')
  t.equal(checkPasswordPolicy('x'.repeat(1024), account), null, '1024: accepted')
  t.equal(checkPasswordPolicy('x'.repeat(1025), account), 'tooLong')
  t.equal(checkPasswordPolicy('x'.repeat(100_000), account), 'tooLong', 'huge input: refused before normalising')
})

t.test('policy: any characters, no composition rules', async (t) => {
  for (const pw of ['わたしのひみつのあいことば', 'all lower case words', '            !', 'Ünïcödé ñâmes ok', 'tab\tand\nnewline ok']) {
    t.equal(checkPasswordPolicy(pw, account), null, JSON.stringify(pw))
  }
})

t.test('policy: common passwords (the shipped list, any case, full-width too) and the account\'s own address or name', async (t) => {
  const list = dictionary['passwords-common']
  t.equal(list.length, 49_233, 'the list shipped with the product')
  const longCommon = list.filter((p) => [...p].length >= 12 && [...p].length <= 1024)
  t.ok(longCommon.length > 300, `${longCommon.length} listed passwords are long enough to reach the list check`)
  for (const pw of longCommon) if (checkPasswordPolicy(pw, account) !== 'common') t.fail(`not refused: ${pw}`)
  t.equal(checkPasswordPolicy('QWERTY123456', account), 'common', 'upper case')
  t.equal(checkPasswordPolicy('ｑｗｅｒｔｙ１２３４５６', account), 'common', 'full-width (NFKC)')
  t.equal(checkPasswordPolicy('hanako.yamada@example.co.jp', account), 'common', 'the address')
  t.equal(checkPasswordPolicy('HANAKO.YAMADA', account), 'common', 'the local part, any case')
  t.equal(checkPasswordPolicy('yamada hanako', account), 'common', 'the name')
  t.equal(checkPasswordPolicy('hanako.yamada!', account), null, 'longer than the local part: accepted')
})

t.test('hash: self-describing, salted, verifies only the same password (NFKC)', async (t) => {
  const pw = 'Ｃorrect horse battery staple'
  const hash = await hashPassword(pw)
  t.match(hash, /^\$scrypt\$ln=15,r=8,p=3\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/)
  t.notOk(hash.includes(pw) || hash.includes('orrect'), 'no password in the hash')
  t.not(await hashPassword(pw), hash, 'a new salt each time')
  t.equal(await verifyPassword(pw, hash), true)
  t.equal(await verifyPassword('Correct horse battery staple', hash), true, 'full-width C = C after NFKC')
  t.equal(await verifyPassword('correct horse battery staple', hash), false, 'case matters')
  t.equal(await verifyPassword('', hash), false)
  t.equal(needsRehash(hash), false, 'today\'s parameters')
})

t.test('hash: parameters come from the string; other ones verify and need a rehash', async (t) => {
  const older = await hashPassword('an older setting', { ln: 12, r: 8, p: 1 })
  t.match(older, /^\$scrypt\$ln=12,r=8,p=1\$/)
  t.equal(await verifyPassword('an older setting', older), true)
  t.equal(await verifyPassword('an older settinG', older), false)
  t.equal(needsRehash(older), true)
  t.same(SCRYPT_PARAMS, { ln: 15, r: 8, p: 3 })
})

t.test('hash: an unreadable or out-of-bounds stored value never matches and never throws', async (t) => {
  const good = await hashPassword('a password to damage', { ln: 10, r: 8, p: 1 })
  for (const bad of ['', 'plain', good.replace('ln=10', 'ln=30'), good.replace('r=8', 'r=99'), good.replace('$scrypt$', '$argon2id$'), good.slice(0, -10)]) {
    t.equal(await verifyPassword('a password to damage', bad), false, JSON.stringify(bad.slice(0, 40)))
    t.equal(needsRehash(bad), true)
  }
  t.equal(await verifyPassword('x'.repeat(10_000), good), false, 'a huge password: false')
})

t.test('verifyDummy: the same work as a verify (through the same limiter), always false', async (t) => {
  const pending = verifyDummy('whatever was typed')
  t.same(hashLoad(), { running: 1, waiting: 0 }, 'a real scrypt runs')
  t.equal(await pending, false)
  t.same(hashLoad(), { running: 0, waiting: 0 })
})

t.test(`at most ${HASH_CONCURRENCY} hashes at once, ${HASH_QUEUE_MAX} waiting, then PasswordHashBusy`, async (t) => {
  const small = { ln: 10, r: 8, p: 1 }
  const six = Array.from({ length: 6 }, (_, i) => hashPassword(`password number ${i}`, small))
  t.same(hashLoad(), { running: 2, waiting: 4 }, 'two run, four wait')
  const hashes = await Promise.all(six)
  t.equal(new Set(hashes).size, 6, 'every one done')
  t.same(hashLoad(), { running: 0, waiting: 0 })

  const burst = Array.from({ length: HASH_CONCURRENCY + HASH_QUEUE_MAX + 3 }, (_, i) => hashPassword(`burst ${i}`, small).then(() => 'ok', (err: Error) => err))
  const results = await Promise.all(burst)
  t.equal(results.filter((r) => r === 'ok').length, HASH_CONCURRENCY + HASH_QUEUE_MAX)
  const refused = results.filter((r) => r instanceof PasswordHashBusy)
  t.equal(refused.length, 3, 'the ones beyond the queue are refused at once')
  t.same(hashLoad(), { running: 0, waiting: 0 }, 'nothing left behind')
})
