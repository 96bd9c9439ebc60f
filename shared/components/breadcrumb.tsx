import { useI18n } from '../i18n/context'
import type { Crumb } from '../routes/crumbs'
import { AppLink } from './app-link'

export type { Crumb }

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
