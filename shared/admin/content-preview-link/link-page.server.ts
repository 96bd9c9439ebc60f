import type { FastifyRequest } from 'fastify'
import type { PreviewLinkData } from './page-data'
import type { EditableItem } from '../editor-model/items'
import { staffHref } from '../paths'
import type { StaffActionContext, StaffAnswer, StaffLoaderContext } from '../types'
import { DEFAULT_LOCALE } from '../../i18n/locales'
import { StaffNotFound } from '../../../server/staff/http/errors'
import { actorOf } from '../../../server/staff/http/services'
import { shownTime } from '../../../server/staff/http/shown-time'
import { readItem } from '../../../server/editor/files'
import { savedLocales } from '../../../server/editor/service-links'
import { itemOfParams } from '../../../server/editor/service-commit'

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
 * a day, a week), made and audited by the editor service ('content.preview-link', the item's key).
 * Anyone holding it sees the item's state saved now, drafts and scheduled ones included, until then or
 * until the item is saved again (GET /admin/preview/:token).
 */
export async function makePreviewLink({ req, body, params }: StaffActionContext): Promise<StaffAnswer<PreviewLinkData>> {
  const made = await req.server.editor.previewLink(actorOf(req), { kind: params.kind, slug: params.slug, locale: body.locale, ttl: body.ttl })
  if (made.kind === 'not-found') throw new StaffNotFound()
  const { item, locales, locale, ttl } = made
  const url = req.server.staffArea.origin(req) + staffHref('contentSharedPreview', { token: made.token })
  return {
    data: { kind: item.kind, slug: item.slug, title: itemTitle(item.saved, item.slug), locales, form: { locale, ttl }, made: { url, expires: shownTime(made.expires) } },
    statusCode: 200,
  }
}
