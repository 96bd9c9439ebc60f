import { englishName, LOCALES } from '../shared/i18n/locales'
import { ASYNC_AND_TRANSFORMS, catalogue, checkParams, confirmKeys, formatMessage, formKeys, type Locale, type RuleDef, type RuleFamily } from '../shared/validation/server'

const FAMILY_TITLES: Record<RuleFamily, string> = {
  strings: 'Presence and shape of strings',
  characters: 'Character classes',
  contact: 'Contact data',
  network: 'Network',
  identifiers: 'Business identifiers, paths and ids',
  dates: 'Dates',
  numbers: 'Numbers',
  booleans: 'Booleans',
  arrays: 'Arrays',
  objects: 'Objects and cross-field',
}

/** Escapes text for a Markdown table cell (pipes, HTML angle brackets, line breaks). */
const cell = (text: string) =>
  text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\r?\n/g, ' ')
const code = (text: string) => '`' + text + '`'
const row = (cells: string[]) => `| ${cells.join(' | ')} |`
const divider = (columns: number) => `|${'---|'.repeat(columns)}`
/** One column per language of the list, in its order. */
const languages = (column: (locale: (typeof LOCALES)[number]) => string) => LOCALES.map(column)

function paramsCell(rule: RuleDef): string {
  if (rule.params.length === 0) return '–'
  return rule.params
    .map((p) => {
      const values = p.kind === 'variant' ? `: ${(p.values ?? []).map((v) => code(v)).join(' / ')}` : ''
      const optional = p.optional ? (p.default === undefined ? ' (optional)' : ` (optional, default ${code(String(p.default))})`) : ''
      return `${code(p.name)}${optional}: ${cell(p.description)}${values}`
    })
    .join('<br>')
}

/** The rule's message for its example parameters; one line per variant for variant rules. */
function messagesCell(rule: RuleDef, locale: Locale): string {
  const examples = rule.params.map((p) => p.example)
  const variantIndex = rule.params.findIndex((p) => p.kind === 'variant')
  const render = (params: unknown[]) => {
    const ref = rule.message(checkParams(rule, params), locale)
    return formatMessage(locale, ref.key, ref.values)
  }
  if (variantIndex < 0) {
    const full = render(examples)
    // An optional parameter that changes the message (exactlyOneTrue's label): both forms.
    const optional = rule.params.filter((p) => p.optional)
    const omitted = optional.length ? render(examples.map((e, i) => (rule.params[i]?.optional ? undefined : e))) : full
    if (omitted === full) return cell(full)
    const names = optional.map((p) => p.name).join(', ')
    return [cell(`with ${names}: ${full}`), cell(`without ${names}: ${omitted}`)].join('<br>')
  }
  const variants = rule.params[variantIndex]?.values ?? []
  return variants.map((v) => cell(`${v}: ${render(examples.map((e, i) => (i === variantIndex ? v : e)))}`)).join('<br>')
}

function exampleNote(rule: RuleDef): string {
  if (rule.params.length === 0) return ''
  return ' (e.g. ' + rule.params.map((p) => `${p.name} = ${JSON.stringify(p.example)}`).join(', ') + ')'
}

/** The catalogue as Markdown, generated from the data and the message files only. */
export function renderValidationDocs(): string {
  const lines: string[] = [
    '# Validation rules',
    '',
    '<!-- Generated from shared/validation by `node --import tsx scripts/gen-validation-docs.ts`. Do not edit by hand. -->',
    '',
    'The validation rule catalogue, shared by the browser (`validateValue`, `validateFields`) and the server',
    '(`buildSchema` + `validateForm`). Two entries:',
    '',
    '- `shared/validation/server.ts`, the server\'s (Node, scripts, tests): everything below, with the Japanese and',
    '  English messages loaded from `locales/*/units.json` at import, plus the AJV side (`createValidationAjv`,',
    '  `compileForm`, `validateForm`, `formErrors`).',
    '- `shared/validation/index.ts`, the browser\'s: the same catalogue without AJV and without message files, so the',
    '  bundle carries neither. It formats with the messages it is given: `provideValidationMessages(locale, units)`',
    '  with the `units` tree the page loaded (`client/runtime.tsx` does this before the page hydrates). Imported alone',
    '  without that, `validateValue` and every other message throws (`validation messages for "<locale>" were not provided…`)',
    '  instead of answering message ids.',
    '',
    '## How to use',
    '',
    '- Browser, one value: `validateValue(ruleId, value, params?, locale?)` returns the message, or null when the value passes.',
    '- Browser, a whole form: `validateFields(fields, input, locale?)` returns field -> message (fields that pass are absent).',
    '- Server: `buildSchema(fields, locale?)` returns a JSON Schema whose rule keywords (`"v:required"`, `"v:maxChars"`, …)',
    '  are custom and whose messages need ajv-errors, so a plain `new Ajv()` cannot compile it. Compile it with the AJV',
    '  instance of `createValidationAjv()` and turn the errors into field -> message with `formErrors`:',
    '  `const validate = createValidationAjv().compile(buildSchema(fields, locale))`, then',
    '  `validate(input) ? {} : formErrors(validate.errors)`. `compileForm(fields, locale?)` does the same with a cached',
    '  validator, and `validateForm(fields, input, locale?)` returns the same object as `validateFields`.',
    '',
    'Conventions:',
    '',
    "- Every rule except `required`, `requiredSelect` and `mustBeTrue` passes an empty value ('', null, undefined).",
    '- Character classes accept half-width characters only: a full-width digit fails `digits`.',
    "- Numbers are judged on the text as typed: '1.50' has two decimals; '1e3', '+1', '.5' and '1,000' are not numbers.",
    "- Dates are 'YYYY-MM-DD' strings of real calendar days; 'today' is the day in Asia/Tokyo unless configured.",
    "- In a form definition, `sameAs` takes `{ \"$field\": \"otherField\" }` to compare with another field.",
    '- Messages below are shown for the example parameters given in the Parameters column.',
    '',
  ]
  for (const family of Object.keys(FAMILY_TITLES) as RuleFamily[]) {
    const rules = catalogue.filter((r) => r.family === family)
    if (rules.length === 0) continue
    lines.push(`## ${FAMILY_TITLES[family]}`, '', row(['Rule', 'Parameters', 'Passes when', ...languages((l) => `${englishName(l.code)} message`)]), divider(3 + LOCALES.length))
    for (const rule of rules) {
      lines.push(row([code(rule.id), paramsCell(rule) + cell(exampleNote(rule)), cell(rule.summary), ...languages((l) => messagesCell(rule, l.code))]))
    }
    lines.push('')
  }
  lines.push('## Asynchronous rules and transforms', '', 'Exported as functions of their own, not through `validateValue`.', '')
  lines.push(row(['Function', 'What it does', ...languages((l) => `${englishName(l.code)} message`)]), divider(2 + LOCALES.length))
  for (const e of ASYNC_AND_TRANSFORMS) {
    lines.push(row([code(e.signature), cell(e.summary), ...languages((l) => cell(e.messageKey ? formatMessage(l.code, e.messageKey) : '–'))]))
  }
  lines.push('', '## Confirmation prompts and form messages', '', row(['Message id', ...languages((l) => englishName(l.code))]), divider(1 + LOCALES.length))
  for (const key of [...confirmKeys, ...Object.values(formKeys)]) {
    const values = { count: 3 }
    lines.push(row([code(key), ...languages((l) => cell(formatMessage(l.code, key, values)))]))
  }
  lines.push('')
  return lines.join('\n')
}
