/**
 * THE way the editor service changes an item (service.ts): the files written inside the store's
 * transaction (by `apply`, which checks the base hash and returns the new one), the revision, the
 * translation marks and the 'content.change' audit entry recorded with them; then the content reloaded.
 */
import { isItemSlug } from './preview-links'
import { ITEM_KINDS, SITE_PARTS, SLUG_RE, type EditableItem, type ItemKey, type ItemKind } from '../../shared/admin/editor-model/items'
import { actorEntry, type Actor } from '../db/actor'
import { writeItem } from './files'
import type { EditorServiceDeps } from './service-types'
import { marksForSave } from './translation-marks'
import type { RevisionAction, TranslationMark } from './types'

/** The item kind a name gives, or null (no such kind). */
export const kindOf = (kind: string | undefined): ItemKind | null => ((ITEM_KINDS as readonly string[]).includes(kind ?? '') ? (kind as ItemKind) : null)

/** Whether a kind and slug can name an item at all (the site's two parts; a slug the folder takes). */
export function nameable(kind: ItemKind, slug: string | undefined): slug is string {
  if (!slug) return false
  return kind === 'site' ? (SITE_PARTS as readonly string[]).includes(slug) : SLUG_RE.test(slug)
}

export interface Commit {
  key: ItemKey
  action: RevisionAction
  /** The item as it will be; null: deleted. */
  item: EditableItem | null
  marks: TranslationMark[]
  /** The revision a restore brings back. */
  restoredFrom?: number
}

export function committer({ store, contentDir, now, reload }: EditorServiceDeps) {
  /** Records the change with `apply` (synchronous, in the store's transaction: writes the files, returns the new hash; throws to refuse), then reloads. */
  async function commit(actor: Actor, at: number, change: Commit, apply: () => string, reason: string): Promise<void> {
    const { key, action, item, marks, restoredFrom } = change
    const revision = { key, at, accountId: actor.accountId, action, item, hash: '', ...(restoredFrom === undefined ? {} : { restoredFrom }) }
    // The new hash is known once the files are written, inside the transaction: the store records it after `apply`.
    await store.commit({ revision, marks, audit: actorEntry(actor, at, 'content.change', key) }, () => void (revision.hash = apply()))
    await reload(reason)
  }

  return {
    commit,
    /**
     * An item saved, published or deleted from the base hash its page showed (null: a new item, none
     * there yet): the marks of the translations kept right (`still`) or made out of date by the change.
     */
    async commitItem(actor: Actor, change: { key: ItemKey; before: EditableItem | null; next: EditableItem | null; base: string | null; action: RevisionAction; still?: Set<string> }): Promise<void> {
      const at = now()
      const { key, before, next, base, action } = change
      const marks = next ? marksForSave(before, next, await store.marks(key), change.still ?? new Set(), at) : []
      await commit(actor, at, { key, action, item: next, marks }, () => writeItem(contentDir, key, base, next), `editor ${action} ${key}`)
    },
  }
}

/** The item a path names ('/admin/content/news/<slug>/…'), or null when no item could have that name. */
export function itemOfParams(params: Record<string, string>): { kind: ItemKind; slug: string } | null {
  const { kind, slug } = params
  if (!kind || !slug || !(ITEM_KINDS as readonly string[]).includes(kind) || !isItemSlug(kind as ItemKind, slug)) return null
  return { kind: kind as ItemKind, slug }
}
