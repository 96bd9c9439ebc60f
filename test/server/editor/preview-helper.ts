// The content editor's preview and revisions through the real app: a copy of the test content (the
// repository's is never written), the staff clock in the test's hand, an editor signed in.
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Config } from '../../../server/config'
import { FIXTURE_CONTENT } from '../../helper'
import { addAccount, clock, signIn, staffApp, type Clock } from '../staff/web-helper'

export async function editorApp(t: { teardown: (fn: () => unknown) => void }, time: Clock = clock(), overrides: Partial<Config> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'preview-content-'))
  cpSync(FIXTURE_CONTENT, dir, { recursive: true })
  t.teardown(() => rmSync(dir, { recursive: true, force: true }))
  const app = await staffApp(t, time, { contentDir: dir, ...overrides })
  const editorAccount = await addAccount(app, time, 'editor')
  const responderAccount = await addAccount(app, time, 'responder')
  time.advance(30_000)
  const editor = await signIn(app, time, editorAccount)
  time.advance(30_000)
  const responder = await signIn(app, time, responderAccount)
  return { app, dir, time, editor, editorAccount, responder }
}

/** A Japanese news article as the editor's form posts it (ed-pages' form: `has.<lang>`, `<lang>.<field>`). */
export function newsForm(fields: Record<string, string> = {}): Record<string, string> {
  return {
    'has.ja': '1',
    'ja.title': '年末年始の営業について',
    'ja.date': '2026-12-20',
    'ja.category': 'notice',
    'ja.excerpt': '年末年始の営業日のお知らせです。',
    'ja.body': '年末年始は**休業**します。',
    'ja.draft': '1',
    ...fields,
  }
}
