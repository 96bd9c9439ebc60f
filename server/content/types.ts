/**
 * The types the steps of loading the content folder pass between them: the load context every step
 * shares (context.ts makes it), the items by slug (items.ts loads them, publication.ts filters them)
 * and the page files (pages.ts loads them, navigation.ts checks the menus against them). Kept apart
 * from the steps so each step imports the others' types without importing the steps themselves.
 */
import type { ValidateFunction } from 'ajv'
import type { Locale } from '../../shared/i18n/locales'
import type { ImageRef, PageContent } from '../../shared/content'
import type { ImageRegistry } from './images'

/**
 * What every step of loading the content folder shares: the problems found so far (every step
 * goes on after a problem, so one run reports them all), the images, the Markdown renderer and
 * the content version (a hash of every file read, in reading order).
 */
export interface LoadContext {
  readonly dir: string
  readonly problems: string[]
  /** What a writer would want to know but does not stop the site, in the same 'file: field: what' lines. */
  readonly warnings: string[]
  readonly images: ImageRegistry
  /** Markdown to HTML; `images` (by source as written) are shown in their variants. */
  readonly render: (markdown: string, images?: ReadonlyMap<string, ImageRef>) => string
  /** A path as problems name it: relative to the content folder. */
  rel(path: string): string
  /** A file's text, or null after noting that it is missing. */
  read(path: string): string | null
  /**
   * Registers an image the file refers to, or notes why it cannot be used and returns undefined.
   * A raster image much larger than the site ever shows it is noted once as a warning.
   */
  image(src: string, alt: string, file: string): Promise<ImageRef | undefined>
  /** Whether the data passes the validator; else notes one line per problem, naming file and field. */
  check<T>(validate: ValidateFunction, data: unknown, file: string): data is T
  /** The content version once every file was read (no file read after it counts): changes whenever a file changes. */
  version(): string
}

/** An item's versions by slug: each language it is written in. */
export type ItemsBySlug<T> = Map<string, Partial<Record<Locale, T>>>

/** A page file of content/pages/ as loaded: its text, at its path. */
export interface LoadedPage extends PageContent {
  /** Locale-less path: a built-in page's fixed one (/about), or the one the front matter names. */
  path: string
  /** The file as problems name it (pages/recruit.ja.md). */
  file: string
}

/**
 * The page files that exist but were left out for a problem already noted (pages/history.en.md),
 * each with the path it names as far as it can be read (null: unknown). A menu entry that points to
 * one is not a second problem.
 */
export type LeftOutPages = ReadonlyMap<string, string | null>
