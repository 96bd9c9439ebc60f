// The import graph of shared/, client/ and server/, read with TypeScript's parser, and the import rules of
// the server's rooms. One module for scripts/imports.mjs (the report), test/structure.test.ts (no run-time
// cycle) and test/architecture-rules.test.ts (the rules). Plain ESM (JSDoc types; import-graph.d.mts for
// the TypeScript tests), no dependency but TypeScript.
//
// An edge is a static relative import or re-export (`import … from './x'`, `export … from './x'`). Dynamic
// import() is not an edge: it is a code-splitting boundary by design. A type-only import (`import type`,
// `export type`, a type written as `import('./x').T`) is an edge of the full graph but not of the run-time one.
//
// The rooms are the folders server/<room>/ named in AREAS and SHARED_ROOMS (a room need not exist yet).
// Files directly in server/ (app.ts, main.ts, the CLIs there) and in server/plugins/ are the composition
// layer; they, server/render|i18n|seo/, shared/ and client/ are in no room, and the room rules neither bind
// nor guard them. For an import from a file of room X into a file of another room Y:
//   - into a shared room (db, outbox, content): allowed from any room, to any of its files;
//   - into an area (contact, staff, inbox, editor): only to server/Y/types.ts (rule "areas"), content included;
//     from db or outbox nothing at all, not even types.ts (rule "rooms");
// and, for every file, no import circle, type imports counted (rule "circles").
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

export const ROOT = resolve(import.meta.dirname, '..')
export const SOURCE_DIRS = ['shared', 'client', 'server']
/** The rooms with their own rules and data: another room reaches one only through its types.ts. */
export const AREAS = ['contact', 'staff', 'inbox', 'editor']
/** The rooms every area may use whole: the database, the outbox, content loading and replication. */
export const SHARED_ROOMS = ['db', 'outbox', 'content']
/** The shared rooms that import no area at all. */
export const BASE_ROOMS = ['db', 'outbox']

/** The path relative to the root, with forward slashes. @param {string} file */
export const rel = (file) => relative(ROOT, file).split(sep).join('/')

/** Every .ts/.tsx file (declarations excepted) under the folders, absolute paths. @param {string[]} [dirs] @returns {string[]} */
export function sourceFiles(dirs = SOURCE_DIRS) {
  /** @param {string} dir @returns {string[]} */
  const under = (dir) =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) return under(path)
      return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [path] : []
    })
  return dirs.map((d) => join(ROOT, d)).filter((d) => existsSync(d)).flatMap(under)
}

/** The file a relative specifier names ('./routes' -> routes.ts or routes/index.ts), or null. @param {string} from @param {string} spec */
export function resolveSpecifier(from, spec) {
  const base = resolve(dirname(from), spec)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null
}

/**
 * @typedef {{ target: string, typeOnly: boolean, line: number }} Edge
 * A file's relative imports, re-exports and import('…') types (absolute targets; line from 1).
 * @param {string} file @returns {Edge[]}
 */
export function fileImports(file) {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, kind)
  /** @type {Edge[]} */
  const out = []
  /** @param {ts.Node} node @param {ts.Node | undefined} spec @param {boolean} typeOnly */
  const add = (node, spec, typeOnly) => {
    if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.')) return
    const target = resolveSpecifier(file, spec.text)
    if (target) out.push({ target, typeOnly, line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1 })
  }
  /** @param {ts.Node} node */
  const visit = (node) => {
    if (ts.isImportDeclaration(node)) add(node, node.moduleSpecifier, !!node.importClause?.isTypeOnly)
    else if (ts.isExportDeclaration(node)) add(node, node.moduleSpecifier, node.isTypeOnly)
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node, node.argument.literal, true)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return out
}

/** The modules a file loads at run time (`import type` / `export type` left out). @param {string} file */
export const runtimeImports = (file) => fileImports(file).filter((e) => !e.typeOnly).map((e) => e.target)

/**
 * Strongly connected components of more than one module (or a module importing itself): the cycles, as
 * sorted relative paths. types: count type-only imports too.
 * @param {string[]} files @param {{ types?: boolean }} [options] @returns {string[][]}
 */
export function importCycles(files, { types = false } = {}) {
  const graph = new Map(files.map((f) => [f, [...new Set(fileImports(f).filter((e) => types || !e.typeOnly).map((e) => e.target))]]))
  /** @type {Map<string, number>} */ const index = new Map()
  /** @type {Map<string, number>} */ const low = new Map()
  /** @type {string[]} */ const stack = []
  const onStack = new Set()
  /** @type {string[][]} */ const cycles = []
  let counter = 0
  /** @param {string} v */
  const visit = (v) => {
    index.set(v, counter)
    low.set(v, counter++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (low.get(w))))
      } else if (onStack.has(w)) low.set(v, Math.min(/** @type {number} */ (low.get(v)), /** @type {number} */ (index.get(w))))
    }
    if (low.get(v) === index.get(v)) {
      /** @type {string[]} */ const scc = []
      let w
      do {
        w = /** @type {string} */ (stack.pop())
        onStack.delete(w)
        scc.push(w)
      } while (w !== v)
      if (scc.length > 1 || graph.get(v)?.includes(v)) cycles.push(scc.map(rel).sort())
    }
  }
  for (const f of files) if (!index.has(f)) visit(f)
  return cycles.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]))
}

/** The room of a relative path (server/<room>/…), or null: composition layer, shared/, client/… @param {string} path */
export function roomOf(path) {
  const m = /^server\/([^/]+)\//.exec(path)
  return m && (AREAS.includes(m[1]) || SHARED_ROOMS.includes(m[1])) ? m[1] : null
}

/**
 * @typedef {{ from: string, line: number, to: string, fromRoom: string, toRoom: string, typeOnly: boolean }} Offence
 * @typedef {{ cycles: string[][], rooms: Offence[], areas: Offence[] }} Findings
 * Everything the three rules find (see the head of this file). @param {string[]} [files] @returns {Findings}
 */
export function checkRules(files = sourceFiles()) {
  /** @type {Offence[]} */ const rooms = []
  /** @type {Offence[]} */ const areas = []
  for (const file of files) {
    const from = rel(file)
    const fromRoom = roomOf(from)
    if (!fromRoom) continue
    for (const edge of fileImports(file)) {
      const to = rel(edge.target)
      const toRoom = roomOf(to)
      if (!toRoom || toRoom === fromRoom) continue
      const offence = { from, line: edge.line, to, fromRoom, toRoom, typeOnly: edge.typeOnly }
      if (BASE_ROOMS.includes(fromRoom) && AREAS.includes(toRoom)) rooms.push(offence)
      else if (AREAS.includes(toRoom) && to !== `server/${toRoom}/types.ts`) areas.push(offence)
    }
  }
  return { cycles: importCycles(files, { types: true }), rooms, areas }
}

/** An offence as the report and the tests print it. @param {Offence} o */
export const offenceLine = (o) => `${o.from}:${o.line} -> ${o.to}${o.typeOnly ? ' (type)' : ''}`

/** How many offences by pair of rooms, 'from -> to', most first. @param {Offence[]} list @returns {[string, number][]} */
export function countByPair(list) {
  /** @type {Map<string, number>} */ const counts = new Map()
  for (const o of list) counts.set(`${o.fromRoom} -> ${o.toRoom}`, (counts.get(`${o.fromRoom} -> ${o.toRoom}`) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
}
