// Shared by the validation tests (not a test file itself: the runner only runs *.test.ts).
import type { Test } from 'tap'
// The catalogue's messages, as the server gives them (the browser gives the trees its page loaded).
import '../../../shared/validation/server'
import { catalogue, validateValue } from '../../../shared/validation/index'
import type { RuleFamily } from '../../../shared/validation/index'

/** Values that pass and values that fail one rule with one parameter list. */
export interface Case {
  params?: unknown[]
  valid: unknown[]
  invalid: unknown[]
}
/** rule id -> cases. Every rule of the catalogue must have at least one valid and one invalid value. */
export type Examples = Record<string, Case[]>

/** A literal expected message in both locales. */
export interface MessageCase {
  id: string
  params?: unknown[]
  value: unknown
  ja: string
  en: string
}

/** A value for a test name: JSON, with invisible and line-breaking characters escaped (TAP is line-based). */
export const show = (v: unknown): string => {
  let text: string
  try {
    text = v === undefined ? 'undefined' : (JSON.stringify(v) ?? String(v))
  } catch {
    text = String(v)
  }
  return text.replace(/[\u007F-\u00A0\u2000-\u200F\u2028-\u202F\u3000\uFEFF]/g, (ch) => '\\u' + ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0'))
}

/** Runs the examples of one family: valid -> null, invalid -> a message, in both locales. */
export function runExamples(t: Test, family: RuleFamily, examples: Examples): void {
  const ids = catalogue.filter((r) => r.family === family).map((r) => r.id)
  t.same(Object.keys(examples).sort(), [...ids].sort(), `the ${family} examples cover exactly the ${family} rules`)
  for (const id of ids) {
    t.test(id, async (t) => {
      const cases = examples[id] ?? []
      t.ok(cases.some((c) => c.valid.length > 0) && cases.some((c) => c.invalid.length > 0), 'has valid and invalid examples')
      for (const c of cases) {
        const p = c.params ? `(${c.params.map(show).join(', ')})` : ''
        for (const v of c.valid) {
          t.equal(validateValue(id, v, c.params, 'ja'), null, `${id}${p} accepts ${show(v)}`)
          t.equal(validateValue(id, v, c.params, 'en'), null, `${id}${p} accepts ${show(v)} (en)`)
        }
        for (const v of c.invalid) {
          const ja = validateValue(id, v, c.params, 'ja')
          const en = validateValue(id, v, c.params, 'en')
          t.type(ja, 'string', `${id}${p} refuses ${show(v)}`)
          t.type(en, 'string', `${id}${p} refuses ${show(v)} (en)`)
          t.not(ja, en, `${id}${p}: the ja and en messages differ`)
        }
      }
    })
  }
}

/** Checks literal messages in both locales. */
export function runMessages(t: Test, cases: readonly MessageCase[]): void {
  t.test('messages in Japanese and English', async (t) => {
    for (const c of cases) {
      t.equal(validateValue(c.id, c.value, c.params, 'ja'), c.ja, `${c.id} ja`)
      t.equal(validateValue(c.id, c.value, c.params, 'en'), c.en, `${c.id} en`)
    }
  })
}
