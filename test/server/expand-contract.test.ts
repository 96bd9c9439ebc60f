import t from 'tap'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'
import { openDatabase } from '../../server/database'
import { expandContractProblems } from '../../server/db/expand-contract'
import type { Migration } from '../../server/db/migration'
import { MIGRATIONS } from '../../server/migrations'
import { RELEASE } from '../../server/release'
import { currentVersion, ensureCommit, previousRelease, releases, releaseUses } from '../../scripts/releases.mjs'
import { tempDataDir } from './contact/helper'

// Upgrades without an outage rest on two things checked here: CHANGELOG.md names every release, its commit and
// the schema versions it brings; and every migration after the first release follows expand and contract
// (server/db/expand-contract.ts), a contract removing only what the release before it no longer uses (git is
// asked what that release's code holds). test/replicas/upgrade.test.ts runs the two releases side by side.

const list = releases()
const previous = previousRelease()

t.test('CHANGELOG.md names this version first, a commit for every earlier release, and each migration once', async (t) => {
  t.equal(list[0]!.version, currentVersion(), 'the newest entry is package.json\'s version')
  t.equal(RELEASE, currentVersion(), 'the server reports the same version')
  for (const r of list.slice(1)) {
    t.match(r.commit, /^[0-9a-f]{40}$/, `${r.version} names its whole commit`)
    t.doesNotThrow(() => ensureCommit(r.commit!), `${r.version}'s commit is in the repository`)
  }
  const claimed = list.flatMap((r) => r.schemas).sort((a, b) => a - b)
  t.same(claimed, MIGRATIONS.map((m) => m.version), 'every migration belongs to exactly one release, and no release claims one that does not exist')
  const compose = readFileSync('docker-compose.yml', 'utf8')
  t.match(compose, new RegExp(`SITE_VERSION:-${currentVersion().replace(/\./g, '\\.')}\\}`), "compose's default image tag is this version")
})

t.test('every migration since the first release follows expand and contract', async (t) => {
  for (const [i, release] of list.entries()) {
    const before = list[i + 1]
    if (!before) break // the first release creates the schema from nothing: no release runs beside it
    for (const version of release.schemas) {
      const m = MIGRATIONS.find((x) => x.version === version)!
      t.same(expandContractProblems(m, (name) => releaseUses(before.commit!, name)), [], `migration ${version} (${release.version}) against ${before.version}`)
    }
  }
})

t.test('the check refuses what would break the previous release beside this one', async (t) => {
  const uses = (name: string) => releaseUses(previous.commit!, name)
  const check = (sql: string, contract?: Migration['contract']) => expandContractProblems({ version: 99, name: 'test', sql, ...(contract ? { contract } : {}) }, uses)
  t.same(check('CREATE TABLE site_notes (id TEXT PRIMARY KEY, body TEXT NOT NULL); CREATE UNIQUE INDEX site_notes_body ON site_notes (body);'), [], 'a new table, unique index and all: expand')
  t.same(check('ALTER TABLE inquiries ADD COLUMN fax TEXT; CREATE INDEX inquiries_fax ON inquiries (fax);'), [], 'a nullable column and a plain index: expand')
  t.same(check("ALTER TABLE inquiries ADD COLUMN source TEXT NOT NULL DEFAULT 'form'"), [], 'a NOT NULL column with a default: expand')
  t.match(check('ALTER TABLE inquiries ADD COLUMN source TEXT NOT NULL'), [/narrows/], 'NOT NULL without a default: the older release inserts without it')
  t.match(check('ALTER TABLE inquiries RENAME COLUMN email TO mail_address'), [/renames/], 'a rename')
  t.match(check('ALTER TABLE inquiries ALTER COLUMN name TYPE VARCHAR(40)'), [/narrows/], 'a narrower type')
  t.match(check('CREATE UNIQUE INDEX inquiries_email ON inquiries (email)'), [/narrows/], 'a unique index on a table the older release writes')
  t.match(check('ALTER TABLE inquiries DROP COLUMN fax'), [/without declaring/], 'a removal not declared as a contract')
  t.match(check('DROP TABLE site_notes'), [/without declaring/], 'a table dropped without declaring it')
  t.ok(uses('claim'), 'the previous release uses outbox.claim (git grep of its sources)')
  t.match(check('ALTER TABLE outbox DROP COLUMN claim', { removes: ['outbox.claim'] }), [/still uses/], 'a contract removing what the previous release uses: a release too early')
  t.notOk(uses('fax_number_legacy'), 'a name the previous release never had')
  t.same(check('ALTER TABLE inquiries DROP COLUMN fax_number_legacy', { removes: ['inquiries.fax_number_legacy'] }), [], 'a declared contract of something unused: allowed')
  t.same(check('-- DROP TABLE inquiries;\nCREATE TABLE a (id TEXT)'), [], 'comments are not statements')
})

t.test('each migration records the release that applied it; rows of an older release stay NULL', async (t) => {
  const dir = tempDataDir(t)
  const db = openDatabase(dir)
  t.teardown(() => db.close())
  const rows = db.prepare('SELECT version, release FROM schema_migrations ORDER BY version').all() as { version: number; release: string | null }[]
  t.same(
    rows.map((r) => r.release),
    rows.map((r) => (r.version < 9 ? null : RELEASE)),
    'before the column existed (1–8 on a new database): NULL; from 9 on: this release',
  )
})

t.test('the Kubernetes image tag is this version', async (t) => {
  const kustomization = parse(readFileSync('deploy/kubernetes/kustomization.yaml', 'utf8')) as { images: { newTag: string }[] }
  t.same(kustomization.images.map((i) => i.newTag), [currentVersion()])
  const images = [...readFileSync('deploy/kubernetes/deployment.yaml', 'utf8').matchAll(/image: (corporate-site:\S+)/g)].map((m) => m[1])
  t.ok(images.length >= 2, 'the site and its content seeding name the image')
  t.same([...new Set(images)], [`corporate-site:${currentVersion()}`], 'with this version in the manifest itself too')
})
