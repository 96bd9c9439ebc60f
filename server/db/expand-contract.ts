/**
 * The rule every schema change follows, so that no upgrade needs an outage (docs/decisions/0018): during a
 * rolling upgrade replicas of two neighbouring releases share one database, and a rollback runs the older
 * release on the newer schema. So a migration only EXPANDS (a new table, a nullable column or one with a
 * default, a new plain index) unless it declares itself a CONTRACT (Migration.contract): removing a table,
 * column, index or constraint, or narrowing what may be written, which is allowed only once the release before
 * it no longer uses what it removes (test/server/expand-contract.test.ts asks git). A rename is a contract step
 * too (SQLite's table rebuild renames its copy into place): a column or table renamed is three releases' work,
 * the new name added, both written, the old one removed.
 */
import type { Migration } from './migration'

/** What one statement does that an older release running beside it could trip over (null: nothing). */
function risk(statement: string, createdHere: ReadonlySet<string>): { removes?: string; narrows?: string; renames?: true } | null {
  const s = statement.replace(/\s+/g, ' ').trim()
  let m: RegExpExecArray | null
  if (/\bRENAME\b/i.test(s)) return { renames: true }
  if ((m = /^DROP (TABLE|INDEX|VIEW|TRIGGER)( IF EXISTS)? (\w+)/i.exec(s))) return { removes: m[3]!.toLowerCase() }
  if ((m = /^ALTER TABLE (?:IF EXISTS )?(\w+) DROP (?:COLUMN )?(?:IF EXISTS )?(\w+)/i.exec(s))) {
    return /^CONSTRAINT$/i.test(m[2]!) ? { narrows: s } : { removes: `${m[1]!.toLowerCase()}.${m[2]!.toLowerCase()}` }
  }
  if (/^ALTER TABLE \w+ ALTER (COLUMN )?\w+ (TYPE|SET DATA TYPE|SET NOT NULL)/i.test(s)) return { narrows: s }
  if (/^ALTER TABLE \w+ ADD CONSTRAINT/i.test(s)) return { narrows: s }
  if ((m = /^ALTER TABLE (\w+) ADD (?:COLUMN )?(?:IF NOT EXISTS )?\w+ (.*)$/i.exec(s))) {
    // An older release inserts rows without the new column: it must take NULL or have a default.
    if (/\bNOT NULL\b/i.test(m[2]!) && !/\bDEFAULT\b/i.test(m[2]!)) return { narrows: s }
    if (/\b(CHECK|UNIQUE|REFERENCES)\b/i.test(m[2]!)) return { narrows: s }
    return null
  }
  // A unique index on a table an older release writes may refuse its rows; on a table made here it cannot.
  if ((m = /^CREATE UNIQUE INDEX (?:IF NOT EXISTS )?\w+ ON (\w+)/i.exec(s)) && !createdHere.has(m[1]!.toLowerCase())) return { narrows: s }
  return null
}

/** The statements of a migration's SQL, comments removed (our migrations hold no ';' inside a literal). */
export function statementsOf(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean)
}

/**
 * Why `migration` breaks the rule, one line each (none: it follows it). `previousUses(name)` says whether the
 * release before the migration's still uses a table or column name (a contract may remove only what it does not).
 */
export function expandContractProblems(migration: Migration, previousUses: (name: string) => boolean): string[] {
  const problems: string[] = []
  const declared = new Set((migration.contract?.removes ?? []).map((n) => n.toLowerCase()))
  for (const sql of [migration.sql, migration.pg].filter((s): s is string => Boolean(s))) {
    const statements = statementsOf(sql)
    const createdHere = new Set(statements.flatMap((s) => /^CREATE TABLE (?:IF NOT EXISTS )?(\w+)/i.exec(s)?.[1]?.toLowerCase() ?? []))
    for (const statement of statements) {
      const r = risk(statement, createdHere)
      if (!r) continue
      const where = `migration ${migration.version} (${migration.name})`
      if (r.renames && !migration.contract) problems.push(`${where} renames (an older release still uses the old name): add the new name now, remove the old one a release later`)
      else if (r.narrows && !migration.contract) problems.push(`${where} narrows what an older release may write, so it is a contract step: "${r.narrows.slice(0, 100)}"`)
      else if (r.removes && !declared.has(r.removes)) problems.push(`${where} removes ${r.removes} without declaring it in contract.removes`)
    }
  }
  for (const name of declared) {
    const word = name.split('.').pop()!
    if (previousUses(word)) problems.push(`migration ${migration.version} removes ${name}, which the previous release still uses: remove it a release later`)
  }
  return [...new Set(problems)]
}
