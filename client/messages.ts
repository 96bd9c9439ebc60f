import type { Locale } from '../shared/i18n/locales'
import type { CompiledTree } from '../shared/i18n/messages'

/**
 * Loads a language's messages from the immutable per-build endpoint. A failure is
 * logged and answered with null: the caller goes on with what it has.
 */
export async function loadMessages(buildId: string, locale: Locale): Promise<CompiledTree | null> {
  try {
    const res = await fetch(`/_i18n/${encodeURIComponent(buildId)}/${locale}/messages.json`)
    if (!res.ok) throw new Error(`HTTP ${res.status}`)
    const body = (await res.json()) as Record<string, CompiledTree>
    const tree = body[locale]
    if (!tree) throw new Error('no messages in answer')
    return tree
  } catch (err) {
    console.error('Failed to load messages for locale', locale, err)
    return null
  }
}
