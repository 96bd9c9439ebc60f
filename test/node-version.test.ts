import t from 'tap'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

// The Node versions the project names (package.json engines.node, the README, the Dockerfile's image) are ones
// every production dependency supports: `npm ci` on them prints no EBADENGINE warning, and nothing relies on a
// newer Node than the operator was told to install. Development dependencies are left out (not in the image).

/** semver (a development dependency; it has no types of its own here). */
const semver = createRequire(import.meta.url)('semver') as {
  validRange(range: string): string | null
  minVersion(range: string): { version: string; major: number; minor: number } | null
  satisfies(version: string, range: string): boolean
}

interface LockEntry {
  version: string
  dev?: boolean
  devOptional?: boolean
  engines?: { node?: string } | string[]
}

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } }
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> }
const declared = pkg.engines.node

/** The lowest version of each part of the declared range ('^20.19.0 || >=22': 20.19.0 and 22.0.0). */
const lowest = declared.split('||').map((part) => semver.minVersion(part.trim())!.version)

/** Every production package (the lock's non-dev entries) that names the Node versions it runs on. */
const production = Object.entries(lock.packages).flatMap(([path, entry]) => {
  const node = entry.engines && !Array.isArray(entry.engines) ? entry.engines.node : undefined
  return path && !entry.dev && !entry.devOptional && node ? [{ name: path.replace(/^.*node_modules\//, ''), version: entry.version, node }] : []
})

/** The production packages whose engines.node excludes a version: 'cookie@2.0.2 needs >=22'. */
const excluding = (version: string) => production.filter((p) => !semver.satisfies(version, p.node)).map((p) => `${p.name}@${p.version} needs ${p.node}`)

t.test('package.json names a valid range and the lock has production packages to check', async (t) => {
  t.ok(semver.validRange(declared), `engines.node is a range: ${declared}`)
  t.ok(production.length > 20, `${production.length} production packages name their Node versions`)
  t.ok(production.some((p) => p.name === 'better-sqlite3'), 'native modules are among them')
})

t.test('every production dependency supports the lowest version of each Node the project names', async (t) => {
  for (const version of lowest) t.same(excluding(version), [], `Node ${version}`)
})

t.test('the README names the same minimum', async (t) => {
  const readme = readFileSync('README.md', 'utf8')
  const min = semver.minVersion(declared)!
  const words = `On a fresh machine with Node ${min.major}.${min.minor}+`
  t.ok(readme.includes(words), `the README says "${words}"`)
})

t.test("the Dockerfile's Node is one the project names, and every production dependency supports it", async (t) => {
  const image = /^ARG NODE_IMAGE=node:(\d+\.\d+\.\d+)-/m.exec(readFileSync('Dockerfile', 'utf8'))
  if (!image) return t.fail('ARG NODE_IMAGE=node:<x.y.z>-… in the Dockerfile')
  t.ok(semver.satisfies(image[1]!, declared), `node:${image[1]} is within ${declared}`)
  t.same(excluding(image[1]!), [], `Node ${image[1]}`)
})
