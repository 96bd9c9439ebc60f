// "One place" claims of the source tree: the languages are written out only in the locale list
// (shared/i18n/locales.ts) and in locales/, and every AJV instance comes from the one factory
// (createAjv in shared/validation/ajv.ts).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, resolve } from 'node:path'
import t from 'tap'
import ts from 'typescript'
import { LOCALE_CODES } from '../shared/i18n/locales'

const ROOT = resolve(import.meta.dirname, '..')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.(tsx?|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
  })
}

/** Everything that runs: the server, the browser, the shared code, the build and the scripts. */
const files = [...['server', 'client', 'shared', 'scripts'].flatMap((d) => sourceFiles(join(ROOT, d))), join(ROOT, 'build.mjs')]
const rel = (file: string) => relative(ROOT, file).split('\\').join('/')

function parse(file: string): ts.SourceFile {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : file.endsWith('.mjs') ? ts.ScriptKind.JS : ts.ScriptKind.TS
  return ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind)
}

function walk(node: ts.Node, visit: (node: ts.Node) => void): void {
  visit(node)
  ts.forEachChild(node, (child) => walk(child, visit))
}

const codes = LOCALE_CODES.join('|')
/** A code as a token of a text: quoted ('ja', lang="en"), a path segment ("/en", locales/ja/), an alternative (ja|en). */
const IN_TEXT = new RegExp(`(?<=^|["'\`/|(])(?:${codes})(?=$|["'\`/|)])`)
const isCode = (text: string) => (LOCALE_CODES as readonly string[]).includes(text)

/** Each place a language code is written (comments are not code: never seen here). */
function localeLiterals(file: string): string[] {
  const source = parse(file)
  const found: string[] = []
  const at = (node: ts.Node, what: string) => found.push(`${rel(file)}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${what}`)
  walk(source, (node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isRegularExpressionLiteral(node)) {
      if (isCode(node.text) || IN_TEXT.test(node.text)) at(node, node.getText().slice(0, 80))
    } else if ((ts.isPropertyAssignment(node) || ts.isPropertySignature(node) || ts.isShorthandPropertyAssignment(node)) && isCode(node.name.getText())) {
      at(node, `key ${node.name.getText()}`)
    } else if (ts.isPropertyAccessExpression(node) && isCode(node.name.text)) {
      at(node, node.getText())
    }
  })
  return found
}

/**
 * Where a language may still be written, each for its reason, with how many times (exactly: a rule
 * about Japanese itself names it once).
 */
const ALLOWED: Record<string, { count: number; why: string }> = {
  'server/content/phrases.ts': { count: 1, why: 'phrase breaking is a rule about Japanese itself' },
  'shared/pages/contact/fields.ts': { count: 1, why: 'the reading of a name in kana is asked in Japanese only' },
  'server/contact/schema.ts': { count: 1, why: 'a migration is history: it says what version 1 created (a language added later needs a migration of its own)' },
  'shared/components/footer.tsx': { count: 1, why: 'social network names are English whatever the page language' },
  'shared/components/error-page.tsx': { count: 2, why: 'HTTP status messages are English whatever the page language' },
  'scripts/dev-server.mjs': { count: 1, why: "the development server's own waiting page is in English" },
}

t.test('the languages are written out only in the locale list and in locales/', async (t) => {
  t.ok(files.length > 100, `${files.length} files read`)
  const unexpected: string[] = []
  for (const file of files) {
    const name = rel(file)
    if (name === 'shared/i18n/locales.ts') continue
    const found = localeLiterals(file)
    const allowed = ALLOWED[name]
    if (allowed) t.equal(found.length, allowed.count, `${name}: ${allowed.why}\n${found.join('\n')}`)
    else unexpected.push(...found)
  }
  t.same(unexpected, [], unexpected.join('\n') || 'none elsewhere')
})

t.test('the check finds a language written out in each way it can be', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'one-place-'))
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const sample = join(dir, 'sample.ts')
  writeFileSync(
    sample,
    [
      `if (locale !== '${LOCALE_CODES[0]}') x()`,
      `const html = \`<p lang="${LOCALE_CODES[1]}">\${text}</p>\``,
      `const names = { ${LOCALE_CODES[0]}: 1 }`,
      `use(names.${LOCALE_CODES[0]})`,
      `const FILE = /\\.(${codes})\\.md$/`,
      `// a comment naming '${LOCALE_CODES[0]}' is prose`,
      `const fine = 'pages/history.${LOCALE_CODES[1]}.md'`,
      `const PREFIXES = ['', '/${LOCALE_CODES[1]}']`,
    ].join('\n'),
  )
  t.equal(localeLiterals(sample).length, 6, localeLiterals(sample).join('\n'))
})

/** `new Ajv(…)` and the modules that load AJV or ajv-errors at run time (not `import type`). */
function ajvUses(file: string): { constructed: number; imports: string[] } {
  const source = parse(file)
  let constructed = 0
  const imports: string[] = []
  walk(source, (node) => {
    if (ts.isNewExpression(node) && node.expression.getText() === 'Ajv') constructed++
    if (ts.isImportDeclaration(node) && !node.importClause?.isTypeOnly && ts.isStringLiteral(node.moduleSpecifier)) {
      const spec = node.moduleSpecifier.text
      if (/^ajv(-errors)?(\/|$)/.test(spec)) imports.push(spec)
    }
  })
  return { constructed, imports }
}

t.test('one AJV factory: the only `new Ajv(` and the only run-time import of AJV are in shared/validation/ajv.ts', async (t) => {
  const constructors: string[] = []
  const importers: string[] = []
  for (const file of files) {
    const { constructed, imports } = ajvUses(file)
    for (let i = 0; i < constructed; i++) constructors.push(rel(file))
    if (imports.length) importers.push(`${rel(file)}: ${imports.join(', ')}`)
  }
  t.same(constructors, ['shared/validation/ajv.ts'], `new Ajv( in: ${constructors.join(', ')}`)
  t.same(importers, ['shared/validation/ajv.ts: ajv, ajv-errors'], importers.join('\n'))
})
