import { startTransition, useEffect } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router'
import { App } from '../shared/app'
import { createTranslator } from '../shared/i18n/messages'
import { PAGE_STATE_ID, type PageState } from '../shared/page-state'
import { FatalErrorBoundary } from './fatal-error'
import { loadMessages } from './messages'
import { loadPageCode, NavigationRoot } from './navigation'
import { toast } from '../shared/toast'
import { confirm } from '../shared/confirm/store'
import { watchBuild } from './build-watch'
import { enhanceLanguageSwitch } from './language-switch'
// From its own module, not the validation index: the rule catalogue is only the contact form's chunk.
import { provideValidationMessages } from '../shared/validation/messages'
import { guardedReload } from './reload-guard'
import { enableRipple } from './ripple'

/** Marks the document once React has hydrated it (tests and the client runtime read it). */
function HydrationMarker() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
  }, [])
  return null
}

declare global {
  interface Window {
    /** The client runtime's public handle (for integrations and tests): `site.toast.add({...})`, `await site.confirm('delete')`. */
    site?: { toast: typeof toast; confirm: typeof confirm }
  }
}
window.site = { toast, confirm }

// A code chunk that no longer exists (the build changed under an open tab): reload once, guarded.
// Chromium and Firefox name a "dynamically imported module", Safari says "Importing a module script failed".
window.addEventListener('unhandledrejection', (event) => {
  const message = String((event.reason as Error | undefined)?.message ?? '')
  if (/dynamically imported module|Importing a module script failed/i.test(message)) guardedReload(message)
})

async function start(): Promise<void> {
  const root = document.getElementById('root')
  const script = document.getElementById(PAGE_STATE_ID)
  if (!root || !script) return
  const state = JSON.parse(script.textContent ?? '{}') as PageState
  // The language's messages come from the immutable per-build endpoint (preloaded from the head),
  // in parallel with the page's split-off code, if it has any (preloaded too).
  const [messages, chunk] = await Promise.all([
    loadMessages(state.buildId, state.locale),
    loadPageCode(state).then(() => null, (err: unknown) => err as Error),
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
  // React Router's location changes are not transitions: a navigation changes the location and the page
  // in one update, so no render sees the new page with the old location (client/navigator.ts).
  startTransition(() => {
    hydrateRoot(
      root,
      <BrowserRouter basename={state.basename || '/'} useTransitions={false}>
        <FatalErrorBoundary serverHtml={serverHtml} renderError={() => <App state={errorState} t={t} />}>
          <NavigationRoot initial={state} t={t} />
          <HydrationMarker />
        </FatalErrorBoundary>
      </BrowserRouter>,
    )
  })
  watchBuild(state.buildId)
  enhanceLanguageSwitch(state.buildId)
  enableRipple()
}

void start()
