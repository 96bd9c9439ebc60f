import { startTransition, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { StaffApp } from '../../shared/admin/app'
import { STAFF_MESSAGES_ID, STAFF_STATE_ID, type StaffPageState } from '../../shared/admin/state'
import { createTranslator, type CompiledTree } from '../../shared/i18n/messages'
import { provideValidationMessages } from '../../shared/validation/messages'

/**
 * The staff area's client (its own bundle: nothing of it reaches a public page, and nothing of the
 * public client's navigation is here: every staff link is a full page load of a never-cached page).
 * Hydrates the staff page from the state and the messages the server wrote into it.
 */

/** Marks the document once React has hydrated it (tests wait for it). */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}

function readJson<T>(id: string): T | null {
  const text = document.getElementById(id)?.textContent
  if (!text) return null
  try {
    return JSON.parse(text) as T
  } catch {
    return null
  }
}

function start(): void {
  const root = document.getElementById('root')
  const state = readJson<StaffPageState>(STAFF_STATE_ID)
  const messages = readJson<CompiledTree>(STAFF_MESSAGES_ID)
  // Without them the server-rendered page stays as it is: its forms work without JavaScript.
  if (!root || !state || !messages) return
  // The content editor checks its fields as they are typed with the catalogue's rules and words (shared/validation).
  provideValidationMessages(state.locale, messages.units)
  const t = createTranslator(state.locale, messages, {
    onMissing: (key, locale, reason) => console.warn(`[i18n] ${reason} message "${key}" (${locale})`),
  })
  startTransition(() => {
    hydrateRoot(
      root,
      <BrowserRouter useTransitions={false}>
        <StaffApp state={state} t={t} />
        <HydrationMarker />
      </BrowserRouter>,
    )
  })
}

start()
