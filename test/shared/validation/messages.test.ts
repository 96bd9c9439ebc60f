import t from 'tap'
// The catalogue's messages, as the server gives them (the browser gives the trees its page loaded).
import '../../../shared/validation/server'
import { IntlMessageFormat } from 'intl-messageformat'
import jaUnits from '../../../locales/ja/units.json' with { type: 'json' }
import enUnits from '../../../locales/en/units.json' with { type: 'json' }
import { flattenKeys, lookupMessage, type MessageNode } from '../../../shared/i18n/messages'
import { catalogue, confirmKeys, formatMessage, formKeys } from '../../../shared/validation/index'
import { DUPLICATE_KEY } from '../../../shared/validation/async'

const GROUPS = ['validation', 'confirm', 'form'] as const
const tree = (units: MessageNode, group: string) => ({ [group]: units[group] as MessageNode })
const trees = { ja: jaUnits as MessageNode, en: enUnits as MessageNode }

/** Names of the ICU arguments of a message ({max}, {count, plural, ...}). */
function argumentNames(source: string, locale: string): string[] {
  const names = new Set<string>()
  const walk = (nodes: unknown[]): void => {
    for (const node of nodes as { type: number; value?: unknown; options?: Record<string, { value: unknown[] }> }[]) {
      if (typeof node.value === 'string' && node.type !== 0 && node.type !== 7) names.add(node.value)
      for (const option of Object.values(node.options ?? {})) walk(option.value)
    }
  }
  walk(new IntlMessageFormat(source, locale).getAst())
  return [...names].sort()
}

t.test('ja and en have the same validation, confirm and form keys and ICU arguments', async (t) => {
  t.same(argumentNames('{max, plural, one {# {unit}} other {#}} / {label}', 'en'), ['label', 'max', 'unit'], 'the argument reader sees nested arguments')
  for (const group of GROUPS) {
    const ja = flattenKeys(tree(trees.ja, group))
    const en = flattenKeys(tree(trees.en, group))
    t.same(ja, en, `${group}: same keys`)
    for (const key of en) {
      const id = `units.${key}`
      const jaText = lookupMessage({ units: trees.ja, titles: {} }, id) ?? ''
      const enText = lookupMessage({ units: trees.en, titles: {} }, id) ?? ''
      t.same(argumentNames(jaText, 'ja'), argumentNames(enText, 'en'), `${id}: same arguments`)
      t.notMatch(enText, /\$\{/, `${id}: no '\${' (ajv-errors would read it as a data pointer)`)
    }
  }
})

t.test('every validation message belongs to a rule, and every rule has its messages', async (t) => {
  const used = new Set([...catalogue.flatMap((r) => r.messageKeys), DUPLICATE_KEY])
  const defined = flattenKeys(tree(trees.en, 'validation')).map((k) => `units.${k}`)
  t.same(defined.filter((k) => !used.has(k)), [], 'no orphan message')
  t.same([...used].filter((k) => !defined.includes(k)), [], 'no missing message')
})

t.test('confirmation prompts of spec section 8', async (t) => {
  const expected: [string, string, string][] = [
    ['save', 'Are you sure you want to save it?', '保存してもよろしいですか？'],
    ['delete', 'Are you sure you want to delete it?', '削除してもよろしいですか？'],
    ['complete', 'Are you sure you want to complete it?', '完了してもよろしいですか？'],
    ['cancel', 'Do you wish to cancel?', 'キャンセルしますか？'],
    ['accept', 'Are you sure you want to accept it?', '承認してもよろしいですか？'],
    ['consent', 'Are you sure you want to consent it?', '同意してもよろしいですか？'],
    ['decline', 'Are you sure you want to decline it?', '辞退してもよろしいですか？'],
  ]
  t.same(confirmKeys, expected.map(([k]) => `units.confirm.${k}`))
  for (const [k, en, ja] of expected) {
    t.equal(formatMessage('en', `units.confirm.${k}`), en)
    t.equal(formatMessage('ja', `units.confirm.${k}`), ja)
  }
})

t.test('form labels, type messages and the error summary', async (t) => {
  const expected: [string, string, string][] = [
    [formKeys.required, 'Required', '必須'],
    [formKeys.optional, 'Optional', '任意'],
    [formKeys.unchangeable, 'Unchangeable', '変更不可'],
    [formKeys.readonly, 'Readonly', '読み取り専用'],
    [formKeys.numberOnly, 'Number Only.', '数値を入力してください。'],
    [formKeys.dateOnly, 'Date Only.', '日付の形式で入力してください。'],
    [formKeys.timeOnly, 'Time Only', '時刻の形式で入力してください。'],
  ]
  for (const [key, en, ja] of expected) {
    t.equal(formatMessage('en', key), en, key)
    t.equal(formatMessage('ja', key), ja, key)
  }
  t.equal(formatMessage('en', formKeys.errorSummary, { count: 3 }), '3 items have errors.')
  t.equal(formatMessage('en', formKeys.errorSummary, { count: 1 }), '1 item has errors.')
  t.equal(formatMessage('ja', formKeys.errorSummary, { count: 12 }), '12件の項目にエラーがあります。')
  t.equal(formatMessage('en', formKeys.errorSummary, { count: 1234 }), '1,234 items have errors.', 'counts are grouped')
})
