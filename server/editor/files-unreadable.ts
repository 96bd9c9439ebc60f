import type { Locale } from '../../shared/i18n/locales'
import type { UnreadableFile } from '../../shared/admin/content-item/page-data'
import { YamlSyntaxError } from '../content/yaml-text'

/**
 * A file of an item the editor cannot read: front matter that is not YAML, no front matter
 * block, bytes that are not UTF-8. The editor page names the file and why, shows its text as it is and
 * lets the staff member fix it or remove that language, instead of failing.
 */

/** Thrown by readItem for an item with such a file; readItemState answers the same without throwing. */
export class ItemUnreadable extends Error {
  /** Where no page of its own answers it (the revisions, a publish racing a hand edit): the staff error page, 409, never a 500. */
  readonly statusCode = 409
  constructor(
    readonly files: UnreadableFile[],
    readonly hash: string,
  ) {
    super(`cannot read ${files.map((f) => f.file).join(', ')}`)
  }
}

const strict = new TextDecoder('utf-8', { fatal: true })

/** The file's text; `unreadable` set when its bytes are not UTF-8 (the text then shows U+FFFD where they were). */
export function decodeText(file: string, locale: Locale | null, bytes: Buffer): { text: string; unreadable: UnreadableFile | null } {
  try {
    return { text: strict.decode(bytes), unreadable: null }
  } catch {
    const text = bytes.toString('utf8')
    return { text, unreadable: { file, locale, reason: 'encoding', detail: 'the file is not UTF-8 text', text, line: null, column: null } }
  }
}

/** Runs `read` on a file's text; a failure becomes an UnreadableFile naming why (and where, for YAML). */
export function readOrWhy<T>(file: string, locale: Locale | null, text: string, read: (text: string) => T): { value: T } | { unreadable: UnreadableFile } {
  try {
    return { value: read(text) }
  } catch (err) {
    if (err instanceof YamlSyntaxError) return { unreadable: { file, locale, reason: 'yaml', detail: err.reason, text, line: err.position.line, column: err.position.column } }
    const message = (err as Error).message
    const reason = message.startsWith('front matter missing') ? 'frontMatter' : 'other'
    return { unreadable: { file, locale, reason, detail: message.split('\n')[0]!, text, line: null, column: null } }
  }
}
