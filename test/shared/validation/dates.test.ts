import t from 'tap'
import { formatDay, todayIn, validateValue } from '../../../shared/validation/index'
import { dateExamples, dateMessages } from './examples/dates'
import { runExamples, runMessages } from './helpers'

runExamples(t, 'dates', dateExamples)
runMessages(t, dateMessages)

t.test('todayIn takes the calendar day of the time zone', async (t) => {
  const instant = new Date('2024-02-29T15:30:00Z') // 00:30 on 1 March in Tokyo
  t.equal(todayIn('Asia/Tokyo', instant), '2024-03-01')
  t.equal(todayIn('UTC', instant), '2024-02-29')
  t.equal(todayIn('America/Los_Angeles', instant), '2024-02-29')
  t.equal(todayIn('Asia/Tokyo', new Date('2024-02-29T14:59:59Z')), '2024-02-29', 'one second before midnight in Tokyo')
  t.equal(todayIn('Asia/Tokyo', new Date('2023-12-31T15:00:00Z')), '2024-01-01', 'new year')
})

t.test('dateNotBeforeToday defaults to the current day in Asia/Tokyo', async (t) => {
  const today = todayIn('Asia/Tokyo')
  const [y, m, d] = today.split('-').map(Number) as [number, number, number]
  const shift = (days: number) => new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10)
  t.equal(validateValue('dateNotBeforeToday', today), null, 'today passes')
  t.equal(validateValue('dateNotBeforeToday', shift(1)), null, 'tomorrow passes')
  t.type(validateValue('dateNotBeforeToday', shift(-1)), 'string', 'yesterday fails')
  t.equal(validateValue('dateNotBeforeToday', shift(-1), ['Asia/Tokyo', shift(-1)]), null, 'an injected today wins')
  t.throws(() => validateValue('dateNotBeforeToday', today, ['Mars/Olympus_Mons']), /IANA time zone/)
  t.throws(() => validateValue('dateNotBeforeToday', today, ['Asia/Tokyo', '2023-02-29']), /calendar date/)
})

t.test('dateMax formats the limit for the locale and checks its parameter', async (t) => {
  t.equal(formatDay('2024-02-29', 'ja'), '2024年2月29日')
  t.equal(formatDay('2024-02-29', 'en'), 'February 29, 2024')
  t.equal(formatDay('0099-01-01', 'en'), 'January 1, 99', 'two-digit years are not moved to the 1900s')
  t.throws(() => validateValue('dateMax', '2024-01-01', ['2023-02-29']), /dateMax: parameter maxDate must be a calendar date/)
  t.throws(() => validateValue('dateMax', '2024-01-01', [new Date()]), /calendar date/)
})
