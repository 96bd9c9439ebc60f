import { I18nProvider } from '../i18n/context'
import type { Translate } from '../i18n/messages'
import { StaffStateProvider } from './context'
import { StaffErrorPage } from './errors/staff-error-page'
import { findStaffRoute } from './routes'
import { StaffCard, StaffShell } from './shell/staff-shell'
import type { StaffPageState } from './state'

/**
 * The whole body of a staff page: the shell around the page for a signed-in staff member, the
 * centred card before sign-in. Server and browser render exactly this, from the same state.
 */
export function StaffApp({ state, t }: { state: StaffPageState; t: Translate }) {
  const route = state.error ? undefined : findStaffRoute(state.routeId)
  const Frame = state.viewer && !route?.bare ? StaffShell : StaffCard
  const Component = route?.Component
  return (
    <I18nProvider value={{ locale: state.locale, t }}>
      <StaffStateProvider value={state}>
        <Frame>{Component ? <Component data={state.data} /> : <StaffErrorPage error={state.error ?? { statusCode: 404, reason: 'notFound' }} />}</Frame>
      </StaffStateProvider>
    </I18nProvider>
  )
}

/** The document title's page part: the route's title or the error's. */
export function staffPageTitle(state: StaffPageState, t: Translate): string {
  const route = state.error ? undefined : findStaffRoute(state.routeId)
  const page = route ? t(route.titleKey) : t(`staff.errors.${state.error?.reason ?? 'notFound'}.title`)
  return t('staff.shell.documentTitle', { page })
}
