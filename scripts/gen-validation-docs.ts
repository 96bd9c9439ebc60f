// Writes docs/validation-rules.md from the validation catalogue and the message files.
// Usage: node --import tsx scripts/gen-validation-docs.ts
import { writeFileSync } from 'node:fs'
import { renderValidationDocs } from './validation-docs'

const target = 'docs/validation-rules.md'
writeFileSync(target, renderValidationDocs())
console.log(`wrote ${target}`)
