import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import { SITE_PARTS, itemKey, type ItemKey, type ItemKind, type LanguageVersion, type PublicationState } from '../../shared/admin/editor-model/items'
import { localisedFile } from '../content/file-names'
import { parsePublishDate } from '../content/publication'
import { readItemState } from './files'
import { itemFile, parseVersion, type FileKind } from './files-format'

/** One row of the editor's list: an item, its title and state in each language. */
export interface ItemSummary {
  key: ItemKey
  kind: ItemKind
  slug: string
  /** The title written in each language (site/profile: the company's name; site/menus: none). */
  titles: Partial<Record<Locale, string>>
  states: Record<Locale, PublicationState>
  /** news: `date` as written (a day, or a day and time); projects: `completed`; pages and site parts: null. */
  date: string | null
  /** Languages whose file exists but whose front matter cannot be read (the site does not load until it is mended). */
  unreadable: Locale[]
}

const FILE_KINDS: readonly FileKind[] = ['news', 'projects', 'pages']

/** Where one language of an item stands at `now`, from its front matter. */
export function publicationState(kind: ItemKind, version: LanguageVersion | undefined, now: number): PublicationState {
  if (!version) return 'missing'
  if (kind === 'pages' || kind === 'site') return 'published'
  if (version.fields.draft === true) return 'draft'
  const at = kind === 'news' ? parsePublishDate(version.fields.date) : null
  return at !== null && at > now ? 'scheduled' : 'published'
}

function fileItem(dir: string, kind: FileKind, slug: string, now: number): ItemSummary {
  const titles: Partial<Record<Locale, string>> = {}
  const states = {} as Record<Locale, PublicationState>
  const unreadable: Locale[] = []
  let date: string | null = null
  for (const locale of LOCALE_CODES) {
    const path = join(dir, itemFile(kind, slug, locale))
    let version: LanguageVersion | undefined
    if (existsSync(path)) {
      try {
        version = parseVersion(readFileSync(path, 'utf8'))
      } catch {
        unreadable.push(locale)
      }
    }
    states[locale] = unreadable.includes(locale) ? 'draft' : publicationState(kind, version, now)
    if (typeof version?.fields.title === 'string') titles[locale] = version.fields.title
    const written = kind === 'news' ? version?.fields.date : kind === 'projects' ? version?.fields.completed : null
    if (date === null && typeof written === 'string') date = written
  }
  return { key: itemKey(kind, slug), kind, slug, titles, states, date, unreadable }
}

/**
 * Every item of the content folder: the news and projects (newest date first, then by slug), the pages
 * (by name) and the two parts of site.yml, each with its title and PublicationState per language at `now`.
 * A file of another name is not an item (content:check names it).
 */
export function listItems(dir: string, now: number): ItemSummary[] {
  const out: ItemSummary[] = []
  for (const kind of FILE_KINDS) {
    const folder = join(dir, kind)
    const slugs = existsSync(folder) ? [...new Set(readdirSync(folder).flatMap((name) => localisedFile(name)?.name ?? []))] : []
    const items = slugs.map((slug) => fileItem(dir, kind, slug, now))
    items.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.slug.localeCompare(b.slug))
    out.push(...items)
  }
  for (const part of SITE_PARTS) {
    // A site.yml edited by hand into something unreadable is listed (its editor page says why), never a crash.
    const read = readItemState(dir, 'site', part)
    if (!read) continue
    const name = read.item?.data?.name as Partial<Record<Locale, string>> | undefined
    const titles = Object.fromEntries(LOCALE_CODES.flatMap((c) => (typeof name?.[c] === 'string' ? [[c, name[c]]] : [])))
    const states = Object.fromEntries(LOCALE_CODES.map((c) => [c, 'published'])) as Record<Locale, PublicationState>
    const unreadable = read.unreadable.length ? [...LOCALE_CODES] : []
    out.push({ key: itemKey('site', part), kind: 'site', slug: part, titles, states, date: null, unreadable })
  }
  return out
}
