// The content editor's pages through the real app (app.inject): a copy of the fixture content the app
// serves and writes, the staff clock, editors signed in as the browser would be.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import type { Config } from '../../../server/config'
import type { Locale } from '../../../shared/i18n/locales'
import { SITE } from '../../helper'
import { postForm, type Clock } from '../staff/web-helper'
import { inboxApp, staffMember, type Staff } from '../inbox/detail-helper'
import { contentCopy } from './files-helper'

export interface EditorApp {
  app: FastifyInstance
  dir: string
}

/** The app serving (and editing) a copy of the fixture content, on a database of its own (SQLite, or `databaseUrl`). */
export async function editorApp(t: { teardown: (fn: () => unknown) => void }, time: Clock, overrides: Partial<Config> = {}): Promise<EditorApp> {
  const dir = contentCopy(t)
  const { app } = await inboxApp(t, time, { contentDir: dir, ...overrides })
  return { app, dir }
}

export const editor = (app: FastifyInstance, time: Clock, locale: Locale = 'ja') => staffMember(app, time, 'editor', locale)

export const openItem = (app: FastifyInstance, staff: Staff, kind: string, slug: string, query = '') => app.inject({ url: `/admin/content/${kind}/${slug}${query}`, headers: staff.headers })

/** POSTs a form of the editor as the browser does (this site's Origin, the session's token). */
export const post = (app: FastifyInstance, staff: Staff, url: string, fields: Record<string, string>) => postForm(app, url, { ...staff.headers, origin: SITE }, { _csrf: staff.csrf, ...fields })

/** The page's editor form as it would be posted back: the state's form, its base hash, confirmed. */
export function formOf(res: LightMyRequestResponse): { form: Record<string, string>; base: string } {
  const state = pageState(res)
  return { form: state.data.form, base: state.data.base }
}

export function pageState(res: LightMyRequestResponse): any {
  const m = /<script type="application\/json" id="__staff_state">([\s\S]*?)<\/script>/.exec(res.body)
  if (!m) throw new Error(`no staff state (${res.statusCode})`)
  return JSON.parse(m[1]!)
}

export type { Staff }
