/**
 * The editor service's fix of an item file that cannot be read (service.ts; the editor page's
 * "unreadable" view): its text saved as typed once it reads and the whole tree passes content:check's
 * checks, or that language's file removed (the item's last file: the item deleted), after the
 * confirmation, on the hash the page showed, through EditorStore.commit like every other change.
 */
import type { UnreadableFile } from '../../shared/admin/content-item/page-data'
import { itemKey, type EditableItem, type SitePart } from '../../shared/admin/editor-model/items'
import { LOCALE_CODES } from '../../shared/i18n/locales'
import { writingContent } from '../content/marker'
import { parseYaml } from '../content/yaml-text'
import type { Actor } from '../db/actor'
import { applyWrites, itemHash, readItemState } from './files'
import { checkCandidate } from './files-check'
import { itemFiles, parseVersion, SITE_FILE, SITE_PART_KEYS, type FileKind } from './files-format'
import { readOrWhy } from './files-unreadable'
import type { Conflict, EditorServiceDeps, NamedItem, NotFound, Refused } from './service-types'
import { committer, kindOf, nameable } from './service-commit'
import { ContentConflict } from './types'

export interface FixInput {
  kind: string | undefined
  slug: string | undefined
  /** The file to fix, relative to the content folder ('news/x.ja.md', 'site.yml'). */
  file: unknown
  /** Remove that language's file instead of saving the text (never site.yml). */
  remove: boolean
  /** The file's text as typed (CR LF as LF). */
  text: unknown
  /** The item's hash when the page was drawn. */
  base: string
  confirmed: boolean
}

/** What was typed, as the page shows it again: the file with its text (none for a removal). */
type Typed = { typed: UnreadableFile[] }

export type FixOutcome =
  | NotFound
  | ({ kind: 'confirm'; item: NamedItem; file: string; what: 'save' | 'remove' } & Typed)
  | ({ kind: 'invalid'; item: NamedItem; unreadable: UnreadableFile } & Typed)
  | (Refused & Typed)
  | Conflict
  | { kind: 'done'; item: NamedItem; deleted: boolean }

export function fixWork(deps: EditorServiceDeps) {
  const { contentDir: dir, now } = deps
  const { commit } = committer(deps)
  return {
    /** A file of an item fixed as typed or removed (FixOutcome: 'invalid' when the text does not read either). */
    async fixFile(actor: Actor, input: FixInput): Promise<FixOutcome> {
      const kind = kindOf(input.kind)
      const slug = input.slug
      if (!kind || !nameable(kind, slug)) return { kind: 'not-found' }
      const state = readItemState(dir, kind, slug)
      if (!state) return { kind: 'not-found' }
      const files = kind === 'site' ? [{ locale: null, file: SITE_FILE }] : itemFiles(kind as FileKind, slug)
      const target = files.find((f) => f.file === input.file)
      const what = input.remove && kind !== 'site' ? 'remove' : 'save'
      if (!target) return { kind: 'not-found' }
      const item = { kind, slug }
      const text = what === 'save' ? (typeof input.text === 'string' ? input.text : '').replace(/\r\n?/g, '\n') : null
      const typed: UnreadableFile[] = text === null ? [] : [{ file: target.file, locale: target.locale, reason: 'other', detail: '', line: null, column: null, text }]
      if (!input.confirmed) return { kind: 'confirm', item, file: target.file, what, typed }
      // The item as it would be: the readable languages, with the fixed one read from what was typed.
      let next: EditableItem | null
      if (text === null) {
        const versions = { ...state.item?.versions }
        delete versions[target.locale!]
        next = LOCALE_CODES.some((l) => versions[l]) ? { kind, slug, versions } : null
      } else {
        const read = kind === 'site' ? readOrWhy(target.file, null, text, (t) => parseYaml(t) as Record<string, unknown>) : readOrWhy(target.file, target.locale, text, parseVersion)
        if ('unreadable' in read) return { kind: 'invalid', item, unreadable: read.unreadable, typed }
        next =
          kind === 'site'
            ? { kind, slug, data: Object.fromEntries(SITE_PART_KEYS[slug as SitePart].filter((k) => read.value[k as never] !== undefined).map((k) => [k, read.value[k as never]])) }
            : { kind, slug, versions: { ...state.item?.versions, [target.locale!]: read.value } }
      }
      const key = itemKey(kind, slug)
      const writes = [{ file: target.file, text }]
      // The item's other unreadable files are fixed one at a time: their own problems do not hold this one back.
      const others = state.unreadable.map((f) => f.file).filter((f) => f !== target.file)
      const { problems } = await checkCandidate(dir, { key, next, writes })
      const blocking = problems.filter((p) => !others.some((f) => p === f || p.startsWith(`${f}:`)))
      if (blocking.length) return { kind: 'refused', item, problems: blocking, typed }
      const change = { key, action: next ? ('save' as const) : ('delete' as const), item: next, marks: [] }
      try {
        await commit(actor, now(), change, () => {
          const current = readItemState(dir, kind, slug)
          if (!current || current.hash !== input.base) throw new ContentConflict(current?.item ?? null, current?.hash ?? '')
          writingContent(dir, () => applyWrites(dir, writes))
          return itemHash(dir, key)
        }, `editor fix ${target.file}`)
      } catch (err) {
        if (!(err instanceof ContentConflict)) throw err
        return { kind: 'conflict', item, theirs: err.current, hash: err.hash }
      }
      return { kind: 'done', item, deleted: next === null }
    },
  }
}
