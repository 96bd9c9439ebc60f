/**
 * The editor service's other changes to an item (service.ts): a language published, drafted or
 * scheduled; the item deleted; a revision restored; and who has the item open (the page's heartbeat).
 * Each change is confirmed first and checked with the whole content folder, then committed on the hash
 * the page showed.
 */
import type { ConfirmStep, PublishError } from '../../shared/admin/content-item/page-data'
import { PRESENCE_FRESH_MS } from '../../shared/admin/content-item/page-data'
import { itemKey } from '../../shared/admin/editor-model/items'
import { LOCALE_CODES } from '../../shared/i18n/locales'
import type { Actor } from '../db/actor'
import { itemHash, ItemUnreadable, readItemState, writeItem } from './files'
import { checkCandidate } from './files-check'
import { itemOfParams } from './service-commit'
import { applyPublish, readPublishRequest } from './publish-state'
import type { Conflict, EditorServiceDeps, NamedItem, NotFound, Refused, Unreadable } from './service-types'
import { committer, kindOf, nameable } from './service-commit'
import { ContentConflict, ContentRefused, type RevisionAction } from './types'

export type PublishOutcome =
  | NotFound
  | Unreadable
  | { kind: 'invalid'; item: NamedItem; publishError: PublishError }
  | { kind: 'confirm'; item: NamedItem; step: ConfirmStep }
  | Refused
  | Conflict
  | { kind: 'done'; item: NamedItem; action: RevisionAction }

export type RestoreOutcome =
  | NotFound
  /** No revision of this item by that number (or one that deleted it). */
  | { kind: 'unknown' }
  | { kind: 'confirm'; seq: number }
  | { kind: 'conflict' }
  | { kind: 'refused'; seq: number; problems: string[] }
  | { kind: 'done'; seq: number }

export function itemWork(deps: EditorServiceDeps) {
  const { store, staff, contentDir: dir, now } = deps
  const { commit, commitItem } = committer(deps)
  /** The item a kind and slug name, when they can name one. */
  const named = (kind: string | undefined, slug: string | undefined): NamedItem | null => {
    const k = kindOf(kind)
    return k && nameable(k, slug) ? { kind: k, slug } : null
  }

  return {
    /** One language drafted, published now or (news) scheduled (`request`: the form's locale, action and at), after the confirmation. */
    async publish(actor: Actor, input: { kind: string | undefined; slug: string | undefined; request: Record<string, unknown>; confirmed: boolean }): Promise<PublishOutcome> {
      const item = named(input.kind, input.slug)
      const state = item && readItemState(dir, item.kind, item.slug)
      if (!item || !state) return { kind: 'not-found' }
      // A file that cannot be read: nothing is published.
      if (state.unreadable.length) return { kind: 'unreadable', item }
      const request = readPublishRequest(input.request, LOCALE_CODES)
      if (!request) return { kind: 'invalid', item, publishError: 'at' }
      const done = applyPublish(state.item!, request, now())
      if ('refused' in done) return { kind: 'invalid', item, publishError: done.refused }
      if (!input.confirmed) return { kind: 'confirm', item, step: { action: 'publish', locale: request.locale, what: request.action, at: request.action === 'schedule' ? request.at : '' } }
      const key = itemKey(item.kind, item.slug)
      const { problems } = await checkCandidate(dir, { key, next: done.item })
      if (problems.length) return { kind: 'refused', item, problems }
      try {
        await commitItem(actor, { key, before: state.item, next: done.item, base: state.hash, action: done.action })
      } catch (err) {
        // Changed between the read and the commit.
        if (err instanceof ContentConflict) return { kind: 'conflict', item, theirs: err.current, hash: err.hash }
        if (err instanceof ContentRefused) return { kind: 'refused', item, problems: err.problems }
        throw err
      }
      return { kind: 'done', item, action: done.action }
    },

    /** The item's files removed (not a part of site.yml), after the confirmation, on `base` (else the hash now); one with a file that cannot be read too. */
    async remove(actor: Actor, input: { kind: string | undefined; slug: string | undefined; base: unknown; confirmed: boolean }): Promise<NotFound | { kind: 'confirm'; item: NamedItem } | Refused | Conflict | { kind: 'done'; item: NamedItem }> {
      const item = named(input.kind, input.slug)
      const read = item && item.kind !== 'site' ? readItemState(dir, item.kind, item.slug) : null
      if (!item || !read) return { kind: 'not-found' }
      if (!input.confirmed) return { kind: 'confirm', item }
      const key = itemKey(item.kind, item.slug)
      const { problems } = await checkCandidate(dir, { key, next: null })
      if (problems.length) return { kind: 'refused', item, problems }
      const base = typeof input.base === 'string' && input.base ? input.base : read.hash
      try {
        await commitItem(actor, { key, before: read.item, next: null, base, action: 'delete' })
      } catch (err) {
        if (err instanceof ContentConflict) return { kind: 'conflict', item, theirs: err.current, hash: err.hash }
        if (err instanceof ItemUnreadable) return { kind: 'conflict', item, theirs: null, hash: err.hash }
        if (err instanceof ContentRefused) return { kind: 'refused', item, problems: err.problems }
        throw err
      }
      return { kind: 'done', item }
    },

    /**
     * The item becomes revision `seq`'s item again, as a save would, after the confirmation: the whole tree
     * checked first, then the files written if the item's hash is still `hash` (the page's), and a new
     * revision 'restore' recorded.
     */
    async restore(actor: Actor, input: { kind: string | undefined; slug: string | undefined; seq: number | null; hash: string; confirmed: boolean }): Promise<RestoreOutcome> {
      const item = itemOfParams({ kind: input.kind ?? '', slug: input.slug ?? '' })
      if (!item) return { kind: 'not-found' }
      const key = itemKey(item.kind, item.slug)
      const revision = input.seq === null ? null : await store.revision(input.seq)
      if (!revision || revision.key !== key || !revision.item) return { kind: 'unknown' }
      if (!input.confirmed) return { kind: 'confirm', seq: revision.seq }
      if (itemHash(dir, key) !== input.hash) return { kind: 'conflict' }
      const { problems } = await checkCandidate(dir, { key, next: revision.item })
      if (problems.length) return { kind: 'refused', seq: revision.seq, problems }
      const change = { key, action: 'restore' as const, item: revision.item, marks: [], restoredFrom: revision.seq }
      try {
        await commit(actor, now(), change, () => writeItem(dir, key, input.hash, revision.item), `content restore ${key}`)
      } catch (err) {
        if (err instanceof ContentConflict) return { kind: 'conflict' }
        throw err
      }
      return { kind: 'done', seq: revision.seq }
    },

    /** The actor has the item open (its heartbeat recorded): the names of the others who had it open in the last minute. */
    async presence(actor: Actor, input: { kind: string | undefined; slug: string | undefined }): Promise<NotFound | { kind: 'done'; others: string[] }> {
      const item = named(input.kind, input.slug)
      if (!item || actor.accountId === null || !readItemState(dir, item.kind, item.slug)) return { kind: 'not-found' }
      const key = itemKey(item.kind, item.slug)
      const at = now()
      await store.touchPresence(key, actor.accountId, at)
      const others = await store.presence(key, at - PRESENCE_FRESH_MS, actor.accountId)
      if (!others.length) return { kind: 'done', others: [] }
      const names = new Map((await staff.listAccounts()).map((a) => [a.id, a.name || a.email]))
      return { kind: 'done', others: others.map((p) => names.get(p.accountId)).filter((n): n is string => !!n) }
    },
  }
}
