import { useI18n } from '../i18n/context'
import { routeChain } from '../routes'
import { AppLink } from './app-link'

export interface Crumb {
  label: string
  /** Locale-less path; absent for the current page. */
  to?: string
}

/** Crumbs from the route table: home, parents, then the current page's own title. */
export function useCrumbs(routeId: string, currentTitle: string): Crumb[] {
  const { t } = useI18n()
  const chain = routeChain(routeId)
  return chain.map((r, i) => (i === chain.length - 1 ? { label: currentTitle } : { label: t(r.labelKey), to: r.path }))
}

export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useI18n()
  return (
    <nav className="breadcrumb" aria-label={t('units.a11y.breadcrumb')}>
      <ol className="container">
        {crumbs.map((c, i) => (
          <li key={i}>
            {c.to !== undefined ? <AppLink to={c.to}>{c.label}</AppLink> : <span aria-current="page">{c.label}</span>}
          </li>
        ))}
      </ol>
    </nav>
  )
}
