// The two entries do what docs/validation-rules.md and shared/validation/index.ts say, each imported
// on its own: this file runs in a fresh process (test/run.mjs) and imports nothing of shared/validation
// but the index until it says so, as a browser bundle or a script that forgot ./server would.
import t from 'tap'
import { readFileSync } from 'node:fs'
import enUnits from '../../../locales/en/units.json' with { type: 'json' }
import * as index from '../../../shared/validation/index'

const MISSING = /^validation messages for "(ja|en)" were not provided: on the server import shared\/validation\/server/

t.test('the index alone: no AJV, and no message ids passed off as messages', async (t) => {
  t.notOk('createValidationAjv' in index, 'createValidationAjv is not the index\'s (the browser never loads AJV)')
  t.throws(() => index.validateValue('required', ''), MISSING, 'validateValue throws, naming the fix')
  t.throws(() => index.validateValue('required', '', [], 'en'), MISSING)
  t.throws(() => index.validateFields({ name: { rules: [{ id: 'required' }] } }, {}, 'en'), MISSING, 'validateFields too')
  t.throws(() => index.formatMessage('en', index.formKeys.errorSummary, { count: 1 }), MISSING, 'formatMessage too')
  t.equal(index.validateValue('required', 'x'), null, 'a value that passes needs no message')
})

t.test('the index with the messages it is given (as the browser gives the page\'s)', async (t) => {
  index.provideValidationMessages('en', enUnits)
  t.equal(index.validateValue('required', '', [], 'en'), 'Please enter a value.')
  t.throws(() => index.validateValue('required', '', [], 'ja'), MISSING, 'a language not given still throws')
})

t.test('the server entry: every message language loaded at import, and the AJV side', async (t) => {
  const server = await import('../../../shared/validation/server')
  t.equal(server.validateValue('required', ''), '入力してください。')
  t.equal(server.validateValue('required', '', [], 'en'), 'Please enter a value.')
  t.equal(index.validateValue('required', ''), '入力してください。', 'one catalogue: the index formats with them too from now on')
  const docs = readFileSync('docs/validation-rules.md', 'utf8')
  const serverLine = docs.slice(docs.indexOf('- `shared/validation/server.ts`'), docs.indexOf('- `shared/validation/index.ts`'))
  const named = [...serverLine.matchAll(/`([a-zA-Z]+)`/g)].map((m) => m[1]!)
  t.same(named, ['createValidationAjv', 'compileForm', 'validateForm', 'formErrors'], 'the documentation names the server entry\'s own functions')
  for (const name of named) {
    t.type((server as Record<string, unknown>)[name], 'function', `${name}: exported by shared/validation/server.ts, as documented`)
    t.notOk(name in index, `${name}: not by the index, as documented`)
  }
  const validate = server.createValidationAjv().compile(server.buildSchema({ name: { rules: [{ id: 'required' }] } }, 'en'))
  t.equal(validate({}), false)
  t.same(server.formErrors(validate.errors), { name: 'Please enter a value.' }, 'createValidationAjv compiles buildSchema with localised messages')
})
