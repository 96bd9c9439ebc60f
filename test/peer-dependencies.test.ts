import t from 'tap'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

// `npm ci` prints no ERESOLVE warning: in the lock, every package's peer dependency (those not marked optional)
// is met by the version Node would load from where the package stands (its own node_modules, then each folder
// above it). Before the override of package.json (ink under @tapjs/reporter with its React 18), tap's ink sat
// at the top beside the site's React 19 and its react-reconciler 0.29 asked for React ^18.3.1: a screen of warnings.

/** semver (a development dependency; it has no types of its own here). */
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string, options?: { includePrerelease?: boolean }): boolean }

interface LockEntry {
  version?: string
  link?: boolean
  peerDependencies?: Record<string, string>
  peerDependenciesMeta?: Record<string, { optional?: boolean }>
}

const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> }
const packages = lock.packages

/** The lock path Node resolves `name` to from the package at `path` ('node_modules/a/node_modules/b'), or null. */
function resolved(path: string, name: string): string | null {
  let from = path
  for (;;) {
    const candidate = `${from ? `${from}/` : ''}node_modules/${name}`
    if (packages[candidate]) return candidate
    if (!from) return null
    const up = from.lastIndexOf('/node_modules/')
    from = up < 0 ? '' : from.slice(0, up)
  }
}

/** Each unmet peer: 'react-reconciler@0.29.2 (node_modules/ink/…) wants react ^18.3.1, gets 19.3.1'. */
function unmetPeers(): string[] {
  const out: string[] = []
  for (const [path, entry] of Object.entries(packages)) {
    if (!path || entry.link) continue
    for (const [name, range] of Object.entries(entry.peerDependencies ?? {})) {
      if (entry.peerDependenciesMeta?.[name]?.optional) continue
      const at = resolved(path, name)
      const version = at ? packages[at]!.version : undefined
      if (!version || !semver.satisfies(version, range, { includePrerelease: true })) out.push(`${path.replace(/^.*node_modules\//, '')}@${entry.version} (${path}) wants ${name} ${range}, gets ${version ?? 'nothing'}`)
    }
  }
  return out
}

t.test('the lock has packages with peer dependencies to check', async (t) => {
  t.ok(Object.values(packages).filter((p) => p.peerDependencies).length > 10)
  t.equal(resolved('node_modules/react-dom', 'react'), 'node_modules/react', 'resolution climbs to the top')
})

t.test('every peer dependency is met where the package stands (npm ci prints no ERESOLVE warning)', async (t) => {
  const unmet = unmetPeers()
  t.same(unmet, [], unmet.join('\n'))
})
