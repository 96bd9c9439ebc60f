import { useI18n } from '../i18n/context'
import type { Translate } from '../i18n/messages'
import { routeChain } from '../routes'
import { AppLink } from './app-link'

export interface Crumb {
  label: string
  /** Locale-less path; the current page's path for the last crumb. */
  to: string
  current: boolean
}

/** Crumbs from the route table: home, parents, then the current page's own title. */
export function crumbsFor(routeId: string, currentPath: string, currentTitle: string, t: Translate): Crumb[] {
  const chain = routeChain(routeId)
  return chain.map((r, i) =>
    i === chain.length - 1 ? { label: currentTitle, to: currentPath, current: true } : { label: t(r.labelKey), to: r.path, current: false },
  )
}

export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  const { t } = useI18n()
  return (
    <nav className="breadcrumb" aria-label={t('units.a11y.breadcrumb')}>
      <ol className="container">
        {crumbs.map((c, i) => (
          <li key={i}>
            {c.current ? <span aria-current="page">{c.label}</span> : <AppLink to={c.to}>{c.label}</AppLink>}
          </li>
        ))}
      </ol>
    </nav>
  )
}
