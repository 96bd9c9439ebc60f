import t from 'tap'
import { IntlMessageFormat } from 'intl-messageformat'
import jaUnits from '../../locales/ja/units.json' with { type: 'json' }
import jaTitles from '../../locales/ja/titles.json' with { type: 'json' }
import enUnits from '../../locales/en/units.json' with { type: 'json' }
import enTitles from '../../locales/en/titles.json' with { type: 'json' }
import { createTranslator, flattenKeys, lookupMessage, type MessageTree } from '../../shared/i18n/messages'

const ja: MessageTree = { units: jaUnits, titles: jaTitles }
const en: MessageTree = { units: enUnits, titles: enTitles }

t.test('ja and en have exactly the same keys in both groups', async (t) => {
  t.same(flattenKeys(ja.units), flattenKeys(en.units), 'units')
  t.same(flattenKeys(ja.titles), flattenKeys(en.titles), 'titles')
  t.ok(flattenKeys(ja).length > 50, 'catalogue is not empty')
})

t.test('every message parses as ICU in its language', async (t) => {
  for (const [code, tree] of [['ja', ja], ['en', en]] as const) {
    for (const key of flattenKeys(tree)) {
      const source = lookupMessage(tree, key)!
      t.doesNotThrow(() => new IntlMessageFormat(source, code), `${code} ${key}`)
    }
  }
})

t.test('translator formats ICU placeholders', async (t) => {
  const tr = createTranslator('en', en)
  t.equal(tr('units.site.copyright', { year: 2026, name: 'ACME' }), '© 2026 ACME')
  t.equal(createTranslator('ja', ja)('units.error.back'), '戻る')
  t.equal(tr('units.error.back'), 'Back')
})

t.test('a missing key falls back, is reported once, never throws', async (t) => {
  const reports: string[] = []
  const partial: MessageTree = { units: { only: 'English only' }, titles: {} }
  const tr = createTranslator('en', partial, {
    fallbackMessages: { units: { only: 'x', jaOnly: '日本語だけ' }, titles: {} },
    onMissing: (key, locale, reason) => reports.push(`${locale}:${key}:${reason}`),
  })
  t.equal(tr('units.jaOnly'), '日本語だけ', 'falls back to the default language')
  t.equal(tr('units.nothing'), 'units.nothing', 'falls back to the key')
  t.equal(tr('units.nothing', {}, 'Default text'), 'Default text', 'or to the given default string')
  t.equal(tr('units.nothing'), 'units.nothing')
  t.same(reports, ['en:units.jaOnly:missing', 'en:units.nothing:missing'], 'each missing key reported once')
})

t.test('a broken message or a prototype key never crashes', async (t) => {
  const reports: string[] = []
  const tr = createTranslator('en', { units: { bad: 'Hello {name', ok: 'Hi {name}' }, titles: {} }, { onMissing: (k, _l, r) => reports.push(`${k}:${r}`) })
  t.equal(tr('units.bad'), 'units.bad')
  t.equal(tr('units.ok', { name: 'Ann' }), 'Hi Ann')
  t.equal(tr('units.ok'), 'units.ok', 'a missing placeholder value falls back instead of throwing')
  t.equal(tr('units.__proto__.toString'), 'units.__proto__.toString')
  t.equal(tr('units.constructor'), 'units.constructor')
  t.ok(reports.includes('units.bad:unparsable'))
  t.ok(reports.includes('units.ok:format failed'))
})
