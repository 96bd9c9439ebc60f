/**
 * The editor service's work beside an item's changes (service.ts): a signed preview link made, an
 * image uploaded, a scheduled publication recorded once across replicas. Each audited.
 */
import { itemKey, type EditableItem, type ItemKind } from '../../shared/admin/editor-model/items'
import { DEFAULT_LOCALE, isLocale, LOCALE_CODES, type Locale } from '../../shared/i18n/locales'
import { join } from 'node:path'
import { imageHash } from '../content/images'
import type { ScheduledInstant } from '../content/publication'
import { actorEntry, type Actor } from '../db/actor'
import { PUBLISH_JOB, publishPeriod } from './publish-job'
import { readItem } from './files'
import { itemOfParams } from './service-commit'
import { isPreviewLinkTtl, linkState, type PreviewLinkTtl } from './preview-links'
import { prepareImage, storeImage, type Declared, type Refusal } from './image-upload'
import type { EditorServiceDeps, NamedItem, NotFound } from './service-types'

/** The languages an item is saved in (a part of site.yml: every language). */
export function savedLocales(kind: ItemKind, item: EditableItem): Locale[] {
  return kind === 'site' ? [...LOCALE_CODES] : LOCALE_CODES.filter((code) => item.versions?.[code])
}

/** A preview link made: the item as saved, its languages, the language and lifetime chosen, the token and its expiry. */
export interface MadeLink {
  kind: 'done'
  item: NamedItem & { saved: EditableItem }
  locales: Locale[]
  locale: Locale
  ttl: PreviewLinkTtl
  token: string
  expires: number
}

export function linkWork({ staff, contentDir: dir, now, links, claims, imageStored }: EditorServiceDeps) {
  return {
    /**
     * A signed link to the saved item in a language it is saved in (else its first), working for an hour,
     * a day (else) or a week; audited ('content.preview-link', the item's key, language and lifetime).
     * Anyone holding it sees the item's state saved now until then or until the item is saved again.
     */
    async previewLink(actor: Actor, input: { kind: string | undefined; slug: string | undefined; locale: unknown; ttl: unknown }): Promise<NotFound | MadeLink> {
      const named = itemOfParams({ kind: input.kind ?? '', slug: input.slug ?? '' })
      const saved = named && readItem(dir, named.kind, named.slug)
      if (!named || !saved) return { kind: 'not-found' }
      const locales = savedLocales(named.kind, saved.item)
      const locale = isLocale(input.locale) && locales.includes(input.locale) ? input.locale : (locales[0] ?? DEFAULT_LOCALE)
      const ttl = isPreviewLinkTtl(input.ttl) ? input.ttl : 'day'
      const at = now()
      const { token, expires } = links.make({ kind: named.kind, slug: named.slug, locale, state: linkState(saved.hash) }, ttl, at)
      await staff.audit(actorEntry(actor, at, 'content.preview-link', `${itemKey(named.kind, named.slug)} ${locale} ${ttl}`))
      return { kind: 'done', item: { ...named, saved: saved.item }, locales, locale, ttl, token, expires }
    },

    /**
     * An image stored in the content folder (server/editor/image-upload.ts), audited 'content.upload' with its path;
     * nothing refers to it until a save does. Its variants are queued to be made ahead (by its hash, as the content
     * will name it), not waited for: by the time an article with it is published they are on disk.
     */
    async upload(actor: Actor, file: Declared & { data: Buffer }): Promise<{ kind: 'refused'; reason: Refusal } | { kind: 'done'; path: string; width: number; height: number }> {
      const image = await prepareImage(file.data, file)
      if ('refused' in image) return { kind: 'refused', reason: image.refused }
      const at = now()
      const path = storeImage(dir, file.filename, image, at)
      imageStored?.({ path: join(dir, path), hash: imageHash(image.data), width: image.width, height: image.height })
      await staff.audit(actorEntry(actor, at, 'content.upload', path))
      return { kind: 'done', path, width: image.width, height: image.height }
    },

    /**
     * A scheduled publication's instant passed (`at`: the look that saw it, on the content's clock): its
     * 'content.publish' audit entry (target `<key>.<locale>`) claimed once across every replica; whether this
     * caller recorded it.
     */
    recordPublication(actor: Actor, instant: ScheduledInstant, at: number): Promise<boolean> {
      const entry = actorEntry(actor, at, PUBLISH_JOB, `${instant.key}.${instant.locale}`)
      return claims.claimJob(PUBLISH_JOB, publishPeriod(instant), at, entry)
    },
  }
}
