import type { Locale } from '../../i18n/locales'

/**
 * THE contract of the content editor, shared by the server and the staff pages: what an
 * editable item is, how it is named, and its publication state. Imports nothing but types.
 *
 * An item is what one editor page edits: a news article, a project, a page of content/pages/ (each
 * of them one Markdown file per language: `news/<slug>.<lang>.md`, `projects/<slug>.<lang>.md`,
 * `pages/<name>.<lang>.md`), or one part of site.yml (`site/profile`: the company's facts and the
 * home page's services; `site/menus`: the header's and footer's links).
 */
export const ITEM_KINDS = ['news', 'projects', 'pages', 'site'] as const
export type ItemKind = (typeof ITEM_KINDS)[number]

/** The two parts of site.yml the editor edits, each as an item of kind 'site'. */
export const SITE_PARTS = ['profile', 'menus'] as const
export type SitePart = (typeof SITE_PARTS)[number]

/** 'news/<slug>', 'projects/<slug>', 'pages/<name>', 'site/profile', 'site/menus'. */
export type ItemKey = `${ItemKind}/${string}`

export const itemKey = (kind: ItemKind, slug: string): ItemKey => `${kind}/${slug}`

/** A slug or page file name as the content folder allows it: lower-case letters, digits and '-' (news: usually 'YYYY-MM-<words>'). */
export const SLUG_RE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

/**
 * One language's file of a news article, project or page: its front matter as data (the keys of
 * server/content/schemas.ts, in the order they are written) and its Markdown body.
 */
export interface LanguageVersion {
  fields: Record<string, unknown>
  body: string
}

/**
 * The whole item, both languages: what a save writes, what a revision keeps, what a conflict shows.
 * news/projects/pages: `versions` (a language not written is absent: "missing" on its side).
 * site/profile and site/menus: `data`, the part of site.yml as plain data (localised values are
 * `{ ja, en }` objects there, as in the file).
 */
export interface EditableItem {
  kind: ItemKind
  slug: string
  versions?: Partial<Record<Locale, LanguageVersion>>
  data?: Record<string, unknown>
}

/**
 * Where a language of an item stands, from its front matter and the clock: a draft (`draft: true`),
 * scheduled (a news `date` with a time still to come, Japan time), published, or missing (no file).
 * Pages and site parts are always published (they have no draft).
 */
export type PublicationState = 'draft' | 'scheduled' | 'published' | 'missing'

/** What the publish form asks for one language: draft (unpublish), publish now, or at a Japan-time instant 'YYYY-MM-DDTHH:MM'. */
export type PublishRequest = { locale: Locale; action: 'draft' } | { locale: Locale; action: 'publish' } | { locale: Locale; action: 'schedule'; at: string }
