// site.yml's optional corporateNumber and invoiceNumber: checked with the validation
// catalogue's rules, written by the editor after `mapUrl` (the schema's order), shown on the about page
// in both languages when present, absent otherwise.
import t from 'tap'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { readItem, writeItem } from '../../../server/editor/files'
import { checkCandidate } from '../../../server/editor/files-check'
import { build } from '../../helper'
import { contentCopy } from './files-helper'

t.test('wrong numbers are problems in words, as content:check prints them', async (t) => {
  const dir = contentCopy(t)
  const profile = readItem(dir, 'site', 'profile')!
  const wrong = ['123456789012', '１２３４５６７８９０１２３', 'T123456789012', 't1234567890123']
  for (const [i, value] of wrong.entries()) {
    const data = { ...profile.item.data!, corporateNumber: value, invoiceNumber: value.startsWith('T') || value.startsWith('t') ? value : `T${value}` }
    const { problems } = await checkCandidate(dir, { key: 'site/profile', next: { ...profile.item, data } })
    t.match(problems.join('\n'), /site\.yml: (corporateNumber: must be a corporate number: 13 half-width digits|invoiceNumber: must be an invoice registration number)/, `case ${i}`)
  }
  const data = { ...profile.item.data!, corporateNumber: '1234567890123', invoiceNumber: 'T1234567890123' }
  t.same((await checkCandidate(dir, { key: 'site/profile', next: { ...profile.item, data } })).problems, [])
})

t.test('written after mapUrl, shown on the about page in both languages', async (t) => {
  const dir = contentCopy(t)
  const profile = readItem(dir, 'site', 'profile')!
  writeItem(dir, 'site/profile', profile.hash, { ...profile.item, data: { ...profile.item.data!, corporateNumber: '1234567890123', invoiceNumber: 'T1234567890123' } })
  t.match(readFileSync(join(dir, 'site.yml'), 'utf8'), /\nmapUrl: "https:\/\/www\.openstreetmap\.org\/"\ncorporateNumber: "1234567890123"\ninvoiceNumber: "T1234567890123"\nsocial:/)
  const app = await build(t, { contentDir: dir })
  const ja = (await app.inject('/about')).body
  t.match(ja, /<dt>法人番号<\/dt><dd>1234567890123<\/dd>/)
  t.match(ja, /<dt>適格請求書発行事業者登録番号<\/dt><dd>T1234567890123<\/dd>/)
  const en = (await app.inject('/en/about')).body
  t.match(en, /<dt>Corporate number<\/dt><dd>1234567890123<\/dd>/)
  t.match(en, /<dt>Invoice registration number<\/dt><dd>T1234567890123<\/dd>/)
})

t.test('without them the about page has no such section', async (t) => {
  const app = await build(t)
  const res = await app.inject('/about')
  t.equal(res.statusCode, 200)
  t.notMatch(res.body, /registration-title|法人番号/)
})
