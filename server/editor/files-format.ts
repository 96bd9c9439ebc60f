import { join } from 'node:path'
import { LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import { ITEM_KINDS, SITE_PARTS, SLUG_RE, type ItemKey, type ItemKind, type LanguageVersion, type SitePart } from '../../shared/admin/editor-model/items'
import { parseFrontMatter } from '../content/front-matter'
import { newsSchema, pageSchema, projectSchema, siteSchema } from '../content/schemas'
import { editYamlMap, writeYamlMap, type YamlStyle } from './yaml-edit'

/**
 * Where an item lives in the content folder and how its files are written: the same Markdown and YAML
 * a person writes (content/ is the model). Front matter keys in the schema's order; free text
 * double-quoted, enum values and paths (category, cover, a gallery image's src, a page's path) plain;
 * the body as it is, after one blank line. An existing file is edited in place (yaml-edit.ts): the
 * fields that did not change keep their exact form.
 */

export type FileKind = Exclude<ItemKind, 'site'>

const FRONT_SCHEMAS = { news: newsSchema, projects: projectSchema, pages: pageSchema } as const

const PLAIN = new Set(['category', 'cover', 'src', 'path'])

/** The front matter's keys in the order they are written. */
export const frontStyle = (kind: FileKind): YamlStyle => ({ order: Object.keys(FRONT_SCHEMAS[kind].properties), plainKeys: PLAIN })

/** site.yml's top-level keys in the schema's order, and which part of the editor each belongs to. */
export const SITE_ORDER: readonly string[] = Object.keys(siteSchema.properties)
export const SITE_PART_KEYS: Record<SitePart, readonly string[]> = {
  profile: SITE_ORDER.filter((k) => k !== 'menus'),
  menus: ['menus'],
}
export const SITE_STYLE: YamlStyle = { order: SITE_ORDER, plainKeys: new Set(['email']) }

export const SITE_FILE = 'site.yml'

/** Kind and slug of a key ('news/2026-04-opening'), or null when it names nothing the editor can write (never a path outside the folder). */
export function parseKey(key: string): { kind: ItemKind; slug: string } | null {
  const at = key.indexOf('/')
  const kind = key.slice(0, at) as ItemKind
  const slug = key.slice(at + 1)
  if (at < 0 || !ITEM_KINDS.includes(kind)) return null
  if (kind === 'site') return (SITE_PARTS as readonly string[]).includes(slug) ? { kind, slug } : null
  return SLUG_RE.test(slug) ? { kind, slug } : null
}

/** The file of one language of an item (relative to the content folder). */
export const itemFile = (kind: FileKind, slug: string, locale: Locale): string => join(kind, `${slug}.${locale}.md`)

/** The files of an item in every language, in LOCALE_CODES order. */
export const itemFiles = (kind: FileKind, slug: string): { locale: Locale; file: string }[] => LOCALE_CODES.map((locale) => ({ locale, file: itemFile(kind, slug, locale) }))

/** One language's file read back: its front matter as data and its body (without the blank line after the front matter). */
export function parseVersion(text: string): LanguageVersion {
  const doc = parseFrontMatter(text)
  const fields = doc.data && typeof doc.data === 'object' && !Array.isArray(doc.data) ? (doc.data as Record<string, unknown>) : {}
  return { fields, body: doc.body.replace(/^\n/, '') }
}

/** The body as it is written: line breaks \n (a browser's form sends \r\n), ending with one line break. */
const bodyText = (body: string) => {
  const text = body.replace(/\r\n?/g, '\n')
  return text === '' || text.endsWith('\n') ? text : `${text}\n`
}

/**
 * One language's file: front matter then body. `previous` (the file as it is now) is edited in place so
 * that what did not change keeps its form; without it the file is written as new.
 */
export function versionText(kind: FileKind, version: LanguageVersion, previous?: string | null): string {
  const style = frontStyle(kind)
  const fields = Object.fromEntries(Object.entries(version.fields).filter(([, v]) => v !== undefined && v !== null && v !== ''))
  const front = /^---\n([\s\S]*?\n)?---\n/.exec(previous?.replace(/\r\n?/g, '\n') ?? '')
  const keys = [...new Set([...style.order, ...Object.keys(fields), ...(front?.[1] ? Object.keys(safeFields(previous!)) : [])])]
  const yaml = front?.[1] ? editYamlMap(front[1], fields, keys, style) : writeYamlMap(fields, style)
  const body = bodyText(version.body)
  return `---\n${yaml}---\n${body === '' ? '' : `\n${body}`}`
}

const safeFields = (text: string): Record<string, unknown> => {
  try {
    return parseVersion(text).fields
  } catch {
    return {}
  }
}
