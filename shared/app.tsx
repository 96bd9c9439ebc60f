import { I18nProvider } from './i18n/context'
import type { Translate } from './i18n/messages'
import { PageStateProvider } from './page-context'
import type { PageState } from './page-state'
import { findRoute, routeComponent, type RouteDef } from './routes'
import { Layout } from './components/layout'
import { ErrorPage } from './components/error-page'
import { crumbsFor } from './routes/crumbs'

interface AppProps {
  state: PageState
  t: Translate
}

/** The whole page body. Server and browser render exactly this, from the same state. */
export function App({ state, t }: AppProps) {
  return (
    <I18nProvider value={{ locale: state.locale, t }}>
      <PageStateProvider value={state}>
        {state.error ? (
          <Layout kind="error" currentPath={state.path}>
            <ErrorPage error={state.error} />
          </Layout>
        ) : (
          <RoutePage route={findRoute(state.routeId)!} state={state} t={t} />
        )}
      </PageStateProvider>
    </I18nProvider>
  )
}

function RoutePage({ route, state, t }: { route: RouteDef<any>; state: PageState; t: Translate }) {
  const meta = route.meta({ locale: state.locale, data: state.data, t })
  const crumbs = crumbsFor(route, state.data, state.path, meta.title ?? t(route.labelKey), t)
  const Component = routeComponent(route)
  if (!Component) throw new Error(`the page component of route "${route.id}" is not loaded`)
  return (
    <Layout kind="default" options={route.layout} crumbs={crumbs} currentPath={state.path}>
      <Component data={state.data} meta={meta} />
    </Layout>
  )
}

