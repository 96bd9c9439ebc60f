import { useI18n } from '../i18n/context'
import { usePageState } from '../page-context'
import { findRoute, type RouteMeta } from '../routes'

/** The current route's metadata (title, description), as the head tags use it. */
export function useRouteMeta(): RouteMeta {
  const { locale, t } = useI18n()
  const state = usePageState()
  const route = findRoute(state.routeId)
  return route ? route.meta({ locale, data: state.data, t }) : {}
}
