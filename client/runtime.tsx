import { startTransition, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from '../shared/app'
import { createTranslator } from '../shared/i18n/messages'
import { PAGE_STATE_ID, type PageState } from '../shared/page-state'
import { findRoute, loadRouteComponent } from '../shared/routes'
import { FatalErrorBoundary } from './fatal-error'
import { loadMessages } from './messages'
// From its own module, not the validation index: the rule catalogue is only the contact form's chunk.
import { provideValidationMessages } from '../shared/validation/messages'
import { guardedReload } from './reload-guard'

/** Marks the document once React has hydrated it (tests and the client runtime read it). */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}

/**
 * The page's React code, loaded by client/hydrate.ts when the page needs it: hydrates the whole page from the
 * state it was rendered with. Links stay plain links (a document load each, fetched or prerendered ahead by the
 * speculation rules); React Router keeps the history entries of the contact form's steps.
 */
export async function start(): Promise<void> {
  const root = document.getElementById('root')
  const script = document.getElementById(PAGE_STATE_ID)
  if (!root || !script || root.dataset.hydrating) return
  root.dataset.hydrating = 'true'
  const state = JSON.parse(script.textContent ?? '{}') as PageState
  // The language's messages come from the immutable per-build endpoint, in parallel with the page's
  // split-off code, if it has any (both fetched ahead once the page was idle: client/hydrate.ts).
  const route = findRoute(state.routeId)
  const [messages, chunk] = await Promise.all([
    loadMessages(state.buildId, state.locale),
    (route ? loadRouteComponent(route) : Promise.resolve()).then(() => null, (err: unknown) => err as Error),
  ])
  // A chunk that cannot be fetched (a deploy replaced it under this page): reload once, guarded; if
  // the guard says no, the server-rendered page stays as it is (it works without JavaScript).
  if (chunk) {
    console.error('Failed to load the page code', chunk)
    guardedReload(`chunk failed: ${chunk.message}`)
    return
  }
  // Without messages the client cannot render the same text: the server-rendered page stays as it is.
  if (!messages) return
  provideValidationMessages(state.locale, messages.units)
  const t = createTranslator(state.locale, messages, {
    onMissing: (key, locale, reason) => console.warn(`[i18n] ${reason} message "${key}" (${locale})`),
  })
  const serverHtml = root.innerHTML
  const errorState: PageState = { ...state, error: { statusCode: 500, statusMessage: 'Internal Server Error' } }
  // As a transition, hydration yields to the browser between units of work instead of one long task
  // (the page is already painted and usable; input arriving meanwhile is replayed once hydrated).
  startTransition(() => {
    hydrateRoot(
      root,
      <BrowserRouter basename={state.basename || '/'} useTransitions={false}>
        <FatalErrorBoundary serverHtml={serverHtml} renderError={() => <App state={errorState} t={t} />}>
          <App state={state} t={t} />
          <HydrationMarker />
        </FatalErrorBoundary>
      </BrowserRouter>,
    )
  })
}
