import t from 'tap'
import { validateValue } from '../../../shared/validation/index'
import { parseIPv6 } from '../../../shared/validation/rules/network'
import { networkExamples, networkMessages } from './examples/network'
import { runExamples, runMessages } from './helpers'

runExamples(t, 'network', networkExamples)
runMessages(t, networkMessages)

t.test('parseIPv6 expands compressed forms (used by notLocalIp)', async (t) => {
  t.same(parseIPv6('::'), [0, 0, 0, 0, 0, 0, 0, 0])
  t.same(parseIPv6('::1'), [0, 0, 0, 0, 0, 0, 0, 1])
  t.same(parseIPv6('fe80::1:2'), [0xfe80, 0, 0, 0, 0, 0, 1, 2])
  t.same(parseIPv6('1:2:3:4:5:6:7::'), [1, 2, 3, 4, 5, 6, 7, 0])
  t.same(parseIPv6('::ffff:192.168.0.1'), [0, 0, 0, 0, 0, 0xffff, 0xc0a8, 0x0001])
  for (const bad of ['1::2::3', ':::', '1:2:3:4:5:6:7:8:9', '::1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7', '12345::', '::1.2.3.4:5', '']) {
    t.equal(parseIPv6(bad), null, `${bad} is not an address`)
  }
})

t.test('ipv6 demands the full form that notLocalIp would also understand compressed', async (t) => {
  t.type(validateValue('ipv6', 'fe80::1'), 'string')
  t.type(validateValue('notLocalIp', 'fe80::1'), 'string')
  t.equal(validateValue('ipv6', 'fe80:0:0:0:0:0:0:1'), null)
  t.type(validateValue('notLocalIp', 'fe80:0:0:0:0:0:0:1', [], 'en'), 'string')
})
