// The editor store's tests on both engines: SQLite (a file in a temporary DATA_DIR) and a throwaway
// PostgreSQL server (scripts/engines.mjs). "Another replica" is a second store on the same data (a second
// connection on the file, a second pool). `committed` reads what is committed, synchronously, from
// outside the stores (its own SQLite connection; psql), so an `apply` can ask it while it runs.
import Database from 'better-sqlite3'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { DB_FILE } from '../../../server/database'
import type { EditorCommit, Revision, TranslationMark } from '../../../server/editor/types'
import type { EditableItem, ItemKey } from '../../../shared/admin/editor-model/items'
import type { AuditEntry } from '../../../server/staff/types'
import { postgresBinDir } from '../../../scripts/engines.mjs'
import { freshPgDatabase, pgOpener, sqliteOpener, tempDataDir } from '../contact/helper'
import { T0 } from '../inbox/helper'
import type { SiteStores } from '../stores'

export type Teardown = { teardown: (fn: () => unknown) => void }

export interface EditorEngine {
  name: 'sqlite' | 'postgres'
  fresh(t: Teardown): Promise<{ store: SiteStores; another: () => Promise<SiteStores>; committed: (sql: string) => string[]; where: string }>
}

/** The first column of every row of `sql` as committed in the SQLite file now (a connection of its own). */
function sqliteCommitted(t: Teardown, dir: string) {
  const db = new Database(join(dir, DB_FILE), { readonly: true })
  t.teardown(() => db.close())
  return (sql: string) => (db.prepare(sql).pluck().all() as unknown[]).map(String)
}

/** The same through psql (a process of its own: synchronous, outside every pool). */
function pgCommitted(url: string) {
  const psql = join(postgresBinDir(), 'psql')
  return (sql: string) => {
    const r = spawnSync(psql, [url, '-X', '-q', '-t', '-A', '-c', sql], { encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`psql: ${r.stderr}`)
    return r.stdout.split('\n').filter((l) => l !== '')
  }
}

export function editorEngines(postgres: { url: string }): EditorEngine[] {
  return [
    {
      name: 'sqlite',
      async fresh(t) {
        const dir = tempDataDir(t)
        const open = sqliteOpener(t, dir)
        const store = await open()
        return { store, another: open, committed: sqliteCommitted(t, dir), where: dir }
      },
    },
    {
      name: 'postgres',
      async fresh(t) {
        const url = await freshPgDatabase(postgres, 'editor')
        const open = pgOpener(t, url)
        const store = await open()
        return { store, another: open, committed: pgCommitted(url), where: url }
      },
    },
  ]
}

export const MIN = 60_000

/** A news article in both languages, with everything a front matter holds (nested lists, numbers, booleans, null, odd text). */
export function newsItem(slug: string, title = '新しい現場見学会のお知らせ'): EditableItem {
  return {
    kind: 'news',
    slug,
    versions: {
      ja: {
        fields: { title, date: '2026-04-01T09:00', draft: false, summary: '「引用」と \'quote\' と \\ と 😀', tags: ['見学会', '安全'], cover: { src: 'images/a.jpg', alt: '現場' }, order: 3, hidden: null },
        body: '## 見出し\n\n本文です。\r\n<script>alert(1)</script>\n',
      },
      en: { fields: { title: 'Site tour', date: '2026-04-01T09:00', draft: true }, body: 'Body.\n' },
    },
  }
}

/** site/profile: a part of site.yml as plain data. */
export const profileItem = (): EditableItem => ({ kind: 'site', slug: 'profile', data: { name: { ja: '蒼栄建設株式会社', en: 'Soei Construction Co., Ltd.' }, founded: 1962, licences: { ja: ['許可'], en: ['Licence'] } } })

export const auditOf = (key: ItemKey, at: number, accountId: string | null = 'ed1'): AuditEntry => ({ at, accountId, address: accountId ? '192.0.2.9' : 'cli', action: 'content.change', target: key, outcome: 'ok' })

export const mark = (key: ItemKey, field: string, sourceHash: string, at: number, locale: TranslationMark['locale'] = 'en'): TranslationMark => ({ key, locale, field, sourceHash, at })

/** A commit of `item` under `key` at `at`. */
export function change(key: ItemKey, item: EditableItem | null, at: number, extra: Partial<Omit<Revision, 'seq' | 'number' | 'key' | 'item' | 'at'>> & { marks?: TranslationMark[] } = {}): EditorCommit {
  const { marks = [], ...rest } = extra
  return {
    revision: { key, at, accountId: 'ed1', action: 'save', item, hash: `hash-${at}`, ...rest },
    marks,
    audit: auditOf(key, at, rest.accountId === undefined ? 'ed1' : rest.accountId),
  }
}

export { T0 }
