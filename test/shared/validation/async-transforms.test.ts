import t from 'tap'
// The catalogue's messages, as the server gives them (the browser gives the trees its page loaded).
import '../../../shared/validation/server'
import { asyncCustom, emptyToNull, nullToEmptyObject, unique } from '../../../shared/validation/index'

t.test('emptyToNull turns only the empty string (and NaN) into null', async (t) => {
  t.equal(emptyToNull(''), null)
  t.equal(emptyToNull(Number.NaN), null)
  for (const kept of [' ', '0', 0, -0, false, 'a', '\n']) t.equal(emptyToNull(kept), kept, `keeps ${JSON.stringify(kept)}`)
  t.equal(emptyToNull(null), null)
  t.equal(emptyToNull(undefined), undefined)
  const arr: unknown[] = []
  t.equal(emptyToNull(arr), arr, 'objects are returned as they are')
})

t.test('nullToEmptyObject turns null and undefined into a fresh {}', async (t) => {
  const a = nullToEmptyObject(null)
  const b = nullToEmptyObject(undefined)
  t.same(a, {})
  t.same(b, {})
  t.not(a, b, 'never a shared object')
  const obj = { tokyo: true }
  t.equal(nullToEmptyObject(obj), obj)
  t.equal(nullToEmptyObject(''), '', "'' is not null")
  t.equal(nullToEmptyObject(0), 0)
})

t.test('unique: duplicate check through the supplied function', async (t) => {
  const taken = new Set(['info@soei.example'])
  const calls: unknown[] = []
  const rule = unique(async (v) => {
    calls.push(v)
    return !taken.has(String(v))
  })
  t.equal(await rule('new@soei.example'), null)
  t.equal(await rule('info@soei.example', 'en'), 'Duplicate.')
  t.equal(await rule('info@soei.example', 'ja'), 'すでに登録されています。')
  t.equal(await rule('info@soei.example'), 'すでに登録されています。', 'default locale ja')
  for (const empty of ['', null, undefined]) t.equal(await rule(empty), null, 'empty values pass')
  t.equal(calls.length, 4, 'the checker is not called for empty values')
  t.equal(await unique(() => true)('x'), null, 'a synchronous checker is accepted')
  t.equal(await unique(() => 1 as unknown as boolean)('x', 'en'), 'Duplicate.', 'only true passes')
  await t.rejects(unique(async () => Promise.reject(new Error('db down')))('x'), /db down/, 'checker errors propagate')
})

t.test('asyncCustom: any message id, with ICU values', async (t) => {
  const rule = asyncCustom(async (v) => v !== 'bad', 'units.validation.maxChars', { max: 5 })
  t.equal(await rule('ok', 'en'), null)
  t.equal(await rule('bad', 'en'), 'Please enter up to 5 characters.')
  t.equal(await rule('bad', 'ja'), '5文字以内で入力してください。')
  t.equal(await rule('', 'en'), null)
  t.equal(await asyncCustom(() => false, 'units.validation.sameAs')('x', 'en'), 'Please Same Value.')
  t.throws(() => asyncCustom(null as unknown as () => boolean, 'units.validation.sameAs'), /checker must be a function/)
  t.throws(() => asyncCustom(() => true, ''), /messageKey must be a message id/)
})
