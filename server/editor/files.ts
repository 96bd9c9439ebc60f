import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import type { EditableItem, ItemKey, ItemKind, LanguageVersion, SitePart } from '../../shared/admin/editor-model/items'
import { syncFolder, writeFileAtomic } from '../content/atomic'
import { SITE_FILE, SITE_PART_KEYS, SITE_STYLE, itemFiles, parseKey, parseVersion, versionText, type FileKind } from './files-format'
import { writingContent } from '../content/marker'
import { ContentConflict, ContentRefused } from './types'
import { canonicalJson, editYamlMap } from './yaml-edit'
import { parseYaml } from '../content/yaml-text'
import type { UnreadableFile } from '../../shared/admin/content-item/page-data'
import { decodeText, ItemUnreadable, readOrWhy } from './files-unreadable'

/**
 * The editor's reading and writing of items in the content folder: the folder stays the
 * source of truth. An item's hash names its state on disk: a save based on another state is a conflict.
 *
 * - news/projects/pages: the sha256 of its files' bytes, language by language (a missing file counts as
 *   missing); an item with no file at all hashes as ABSENT_HASH.
 * - site/profile, site/menus: the sha256 of the part's data as canonical JSON (so a comment edited by
 *   hand elsewhere in site.yml is no conflict). `data` holds the part's top-level keys of site.yml:
 *   profile every key but `menus` (name, address, …, services), menus `{ menus: { header, footer } }`.
 */

const sha256 = (parts: (string | Buffer)[]) => {
  const hash = createHash('sha256')
  for (const part of parts) hash.update(part)
  return hash.digest('hex')
}

const readBytes = (path: string): Buffer | null => {
  try {
    return readFileSync(path)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw err
  }
}

/** The hash of an item of which no file exists: what a new item's save expects. */
export const ABSENT_HASH = sha256(LOCALE_CODES.flatMap((locale) => [locale, '\0missing\0']))

function filesHash(files: { locale: Locale; bytes: Buffer | null }[]): string {
  return sha256(files.flatMap(({ locale, bytes }) => (bytes ? [locale, `\0${bytes.length}\0`, bytes] : [locale, '\0missing\0'])))
}

const siteHash = (data: Record<string, unknown>) => sha256(['site\0', canonicalJson(data)])

type ItemRead = { item: EditableItem | null; hash: string; unreadable: UnreadableFile[] }

function readFileItem(dir: string, kind: FileKind, slug: string): ItemRead {
  const files = itemFiles(kind, slug).map(({ locale, file }) => ({ locale, file, bytes: readBytes(join(dir, file)) }))
  const hash = filesHash(files)
  if (files.every((f) => f.bytes === null)) return { item: null, hash, unreadable: [] }
  const versions: Partial<Record<Locale, LanguageVersion>> = {}
  const unreadable: UnreadableFile[] = []
  for (const { locale, file, bytes } of files) {
    if (!bytes) continue
    const decoded = decodeText(file, locale, bytes)
    const read = decoded.unreadable ?? readOrWhy(file, locale, decoded.text, parseVersion)
    if ('value' in read) versions[locale] = read.value
    else unreadable.push('unreadable' in read ? read.unreadable : read)
  }
  return { item: { kind, slug, versions }, hash, unreadable }
}

function siteData(text: string, part: SitePart): Record<string, unknown> {
  const all = (parseYaml(text) ?? {}) as Record<string, unknown>
  return Object.fromEntries(SITE_PART_KEYS[part].filter((k) => all[k] !== undefined).map((k) => [k, all[k]]))
}

function readSiteItem(dir: string, part: SitePart): ItemRead {
  const bytes = readBytes(join(dir, SITE_FILE))
  if (!bytes) return { item: null, hash: ABSENT_HASH, unreadable: [] }
  const decoded = decodeText(SITE_FILE, null, bytes)
  const read = decoded.unreadable ?? readOrWhy(SITE_FILE, null, decoded.text, (text) => siteData(text, part))
  // An unreadable site.yml hashes as its bytes: any change to it is a change.
  if (!('value' in read)) return { item: null, hash: sha256(['site-bytes\0', bytes]), unreadable: ['unreadable' in read ? read.unreadable : read] }
  return { item: { kind: 'site', slug: part, data: read.value }, hash: siteHash(read.value), unreadable: [] }
}

/**
 * An item with what of it can be read: null when the key names nothing (no file, a slug the folder does
 * not allow, an unknown part); else the item (the readable languages; null for an unreadable site.yml),
 * its hash and the files that cannot be read.
 */
export function readItemState(dir: string, kind: ItemKind, slug: string): { item: EditableItem | null; hash: string; unreadable: UnreadableFile[] } | null {
  const key = parseKey(`${kind}/${slug}`)
  if (!key) return null
  const read = key.kind === 'site' ? readSiteItem(dir, key.slug as SitePart) : readFileItem(dir, key.kind, key.slug)
  return read.item || read.unreadable.length ? read : null
}

/**
 * An item as its files hold it, with its hash; null when the key names nothing (no file, a slug the
 * folder does not allow, an unknown part). A file that cannot be read (not UTF-8, front matter that is
 * not YAML) throws an ItemUnreadable naming it (readItemState answers the same without throwing).
 */
export function readItem(dir: string, kind: ItemKind, slug: string): { item: EditableItem; hash: string } | null {
  const read = readItemState(dir, kind, slug)
  if (!read) return null
  if (read.unreadable.length) throw new ItemUnreadable(read.unreadable, read.hash)
  return { item: read.item!, hash: read.hash }
}

/** The item's hash now (ABSENT_HASH when it has no file). */
export function itemHash(dir: string, key: ItemKey): string {
  const k = parseKey(key)
  if (!k) throw new ContentRefused([`${key}: not an item the editor can write`])
  return k.kind === 'site' ? readSiteItem(dir, k.slug as SitePart).hash : readFileItem(dir, k.kind, k.slug).hash
}

/** The files an item's next state is written as: text per file, null to remove; relative paths. */
export function itemWrites(dir: string, key: ItemKey, next: EditableItem | null): { file: string; text: string | null }[] {
  const k = parseKey(key)
  if (!k) throw new ContentRefused([`${key}: not an item the editor can write`])
  if (next && (next.kind !== k.kind || next.slug !== k.slug)) throw new ContentRefused([`${key}: the item is ${next.kind}/${next.slug}`])
  if (k.kind === 'site') {
    if (!next?.data) throw new ContentRefused([`${key}: a part of ${SITE_FILE} cannot be removed`])
    const current = readBytes(join(dir, SITE_FILE))?.toString('utf8') ?? ''
    const scope = SITE_PART_KEYS[k.slug as SitePart]
    const data = Object.fromEntries(scope.map((key) => [key, next.data![key]]))
    return [{ file: SITE_FILE, text: editYamlMap(current, data, scope, SITE_STYLE) }]
  }
  return itemFiles(k.kind, k.slug).map(({ locale, file }) => {
    const version = next?.versions?.[locale]
    if (!version) return { file, text: null }
    return { file, text: versionText(k.kind as FileKind, version, readBytes(join(dir, file))?.toString('utf8')) }
  })
}

/** Writes or removes the files (relative to `dir`), each whole; the caller holds the marker (writingContent). */
export function applyWrites(dir: string, writes: { file: string; text: string | Buffer | null }[]): void {
  for (const { file, text } of writes) {
    const path = join(dir, file)
    if (text === null) {
      if (existsSync(path)) {
        rmSync(path)
        syncFolder(dirname(path))
      }
      continue
    }
    mkdirSync(dirname(path), { recursive: true })
    writeFileAtomic(path, text)
  }
}

/**
 * Saves an item (or removes it: `next` null): re-reads its hash and throws a ContentConflict (with the
 * item as it is now) if it is not `expectHash` (null: the item must not exist yet); then writes every
 * file of the item whole between the marker's odd and even values, removes a language's file the item no
 * longer has, and returns the new hash. Synchronous: it runs inside EditorStore.commit's transaction.
 * It does not check the tree: checkCandidate does, before.
 */
export function writeItem(dir: string, key: ItemKey, expectHash: string | null, next: EditableItem | null): string {
  const k = parseKey(key)
  if (!k) throw new ContentRefused([`${key}: not an item the editor can write`])
  const current = k.kind === 'site' ? readSiteItem(dir, k.slug as SitePart) : readFileItem(dir, k.kind, k.slug)
  if (current.hash !== (expectHash ?? ABSENT_HASH)) {
    if (current.unreadable.length) throw new ItemUnreadable(current.unreadable, current.hash)
    throw new ContentConflict(current.item, current.hash)
  }
  const writes = itemWrites(dir, key, next)
  writingContent(dir, () => applyWrites(dir, writes))
  return itemHash(dir, key)
}

export { ItemUnreadable }
