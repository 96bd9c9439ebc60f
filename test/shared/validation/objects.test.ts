import t from 'tap'
import { validateValue } from '../../../shared/validation/index'
import { objectExamples, objectMessages } from './examples/objects'
import { runExamples, runMessages } from './helpers'

runExamples(t, 'objects', objectExamples)
runMessages(t, objectMessages)

t.test('requiredSelect never reads Object.prototype', async (t) => {
  const body = JSON.parse('{"__proto__": {"tokyo": true}}') as Record<string, unknown>
  t.ok(Object.prototype.hasOwnProperty.call(body, '__proto__'), 'JSON.parse made an own __proto__ key')
  t.type(validateValue('requiredSelect', body), 'string')
  t.equal(({} as Record<string, unknown>).tokyo, undefined, 'nothing was polluted')
})

t.test('sameAs compares deeply but strictly', async (t) => {
  t.equal(validateValue('sameAs', { a: 1, b: [2] }, [{ b: [2], a: 1 }]), null)
  t.type(validateValue('sameAs', { a: 1 }, [{ a: '1' }]), 'string')
  t.type(validateValue('sameAs', new Date(0), [new Date(0)]), 'string', 'class instances are not compared by content')
  t.throws(() => validateValue('sameAs', 'a'), /parameter other is missing/)
})
