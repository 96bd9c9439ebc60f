import t from 'tap'
import { readFileSync } from 'node:fs'
import { ASYNC_AND_TRANSFORMS, catalogue } from '../../../shared/validation/index'
import { renderValidationDocs } from '../../../scripts/validation-docs'

const doc = renderValidationDocs()

t.test('docs/validation-rules.md is up to date with the catalogue and the message files', async (t) => {
  const onDisk = readFileSync(new URL('../../../docs/validation-rules.md', import.meta.url), 'utf8')
  t.equal(onDisk, doc, 'regenerate with: node --import tsx scripts/gen-validation-docs.ts')
})

t.test('the generated table lists every rule, async rule and transform', async (t) => {
  for (const rule of catalogue) t.match(doc, `| \`${rule.id}\` |`, rule.id)
  for (const entry of ASYNC_AND_TRANSFORMS) t.match(doc, `| \`${entry.signature}\` |`, entry.id)
  t.match(doc, 'You can enter up to December 31, 2030.', 'messages are rendered with the example parameters')
  t.match(doc, '2030年12月31日まで入力できます。')
})

t.test('every table row has as many cells as its header (pipes in messages are escaped)', async (t) => {
  const cells = (line: string) => line.split(/(?<!\\)\|/).length
  let expected = 0
  let rows = 0
  for (const line of doc.split('\n')) {
    if (!line.startsWith('|')) expected = 0
    else if (line.startsWith('|---')) continue
    else if (expected === 0) expected = cells(line)
    else {
      rows++
      if (cells(line) !== expected) t.fail(`malformed row: ${line}`)
    }
  }
  t.ok(rows >= catalogue.length + ASYNC_AND_TRANSFORMS.length, `${rows} rows checked`)
})
