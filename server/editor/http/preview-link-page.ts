import type { FastifyRequest } from 'fastify'
import type { PreviewLinkData } from '../../../shared/admin/content-preview-link/page-data'
import { itemKey, type EditableItem, type ItemKind } from '../../../shared/admin/editor-model/items'
import { staffHref } from '../../../shared/admin/paths'
import type { StaffActionContext, StaffAnswer, StaffLoaderContext } from '../../../shared/admin/types'
import { DEFAULT_LOCALE, isLocale, LOCALE_CODES, type Locale } from '../../../shared/i18n/locales'
import { StaffNotFound } from '../../staff/http/errors'
import { auditOf } from '../../staff/http/services'
import { shownTime } from '../../staff/http/shown-time'
import { readItem } from '../files'
import { isPreviewLinkTtl, linkState } from './preview-links'
import { itemOfParams } from './preview-endpoints'

/** The languages an item is saved in (a part of site.yml: every language). */
export function savedLocales(kind: ItemKind, item: EditableItem): Locale[] {
  return kind === 'site' ? [...LOCALE_CODES] : LOCALE_CODES.filter((code) => item.versions?.[code])
}

/** What the pages call an item: its title in the default language, else in another, else its name. */
export function itemTitle(item: EditableItem | null, slug: string): string {
  const versions = item?.versions ?? {}
  const title = [versions[DEFAULT_LOCALE], ...Object.values(versions)].map((v) => v?.fields.title).find((v) => typeof v === 'string' && v.trim() !== '')
  return typeof title === 'string' ? title : slug
}

function savedItem(req: FastifyRequest, params: Record<string, string>) {
  const named = itemOfParams(params)
  const saved = named && readItem(req.server.contentPreview.dir, named.kind, named.slug)
  return named && saved ? { ...named, ...saved } : null
}

/** GET /admin/content/:kind/:slug/preview-link: the form (language, lifetime) for an item that is saved; else the 404. */
export async function loadPreviewLink({ req, params }: StaffLoaderContext): Promise<PreviewLinkData | null> {
  const saved = savedItem(req, params)
  if (!saved) return null
  const locales = savedLocales(saved.kind, saved.item)
  return { kind: saved.kind, slug: saved.slug, title: itemTitle(saved.item, saved.slug), locales, form: { locale: locales[0] ?? DEFAULT_LOCALE, ttl: 'day' }, made: null }
}

/**
 * POST: a signed link to the saved item in the chosen language, working for the chosen time (an hour,
 * a day, a week); audited ('content.preview-link', the item's key). Anyone holding it sees the item's
 * state saved now, drafts and scheduled ones included, until then or until the item is saved again
 * (GET /admin/preview/:token).
 */
export async function makePreviewLink({ req, body, params }: StaffActionContext): Promise<StaffAnswer<PreviewLinkData>> {
  const saved = savedItem(req, params)
  if (!saved) throw new StaffNotFound()
  const locales = savedLocales(saved.kind, saved.item)
  const locale = isLocale(body.locale) && locales.includes(body.locale) ? body.locale : (locales[0] ?? DEFAULT_LOCALE)
  const ttl = isPreviewLinkTtl(body.ttl) ? body.ttl : 'day'
  const { contentPreview, staffArea } = req.server
  const { token, expires } = contentPreview.links.make({ kind: saved.kind, slug: saved.slug, locale, state: linkState(saved.hash) }, ttl, contentPreview.now())
  await staffArea.store.audit(auditOf(req, req.staffSession?.account.id ?? null, 'content.preview-link', `${itemKey(saved.kind, saved.slug)} ${locale} ${ttl}`))
  const url = staffArea.origin(req) + staffHref('contentSharedPreview', { token })
  return {
    data: { kind: saved.kind, slug: saved.slug, title: itemTitle(saved.item, saved.slug), locales, form: { locale, ttl }, made: { url, expires: shownTime(expires) } },
    statusCode: 200,
  }
}
