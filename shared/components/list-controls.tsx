import { useI18n } from '../i18n/context'
import { usePageState } from '../page-context'
import { listSearch } from '../pages/list-query'
import { AppLink } from './app-link'

/** A GET form: works without JavaScript; changing the select does not submit (WCAG 3.2.2). */
export function CategoryFilter(props: { action: string; categories: readonly string[]; labelPrefix: string; selected: string | null; group: string }) {
  const { t } = useI18n()
  const { basename } = usePageState()
  const id = `${props.group}-category`
  return (
    <form className="filter" method="get" action={(basename + props.action) || '/'}>
      <label htmlFor={id}>{t('units.filter.label')}</label>
      <select id={id} name="category" defaultValue={props.selected ?? ''}>
        <option value="">{t('units.filter.all')}</option>
        {props.categories.map((c) => (
          <option key={c} value={c}>
            {t(`${props.labelPrefix}.${c}`)}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        {t('units.filter.submit')}
      </button>
    </form>
  )
}

export function Pagination({ path, page, pages, category }: { path: string; page: number; pages: number; category: string | null }) {
  const { t } = useI18n()
  if (pages <= 1) return null
  const href = (p: number) => path + listSearch({ page: p, category })
  return (
    <nav className="pagination" aria-label={t('units.pagination.label')}>
      <ul>
        {page > 1 ? (
          <li>
            <AppLink to={href(page - 1)}>{t('units.pagination.prev')}</AppLink>
          </li>
        ) : null}
        {Array.from({ length: pages }, (_, i) => i + 1).map((p) => (
          <li key={p}>
            {p === page ? (
              <span aria-current="page" className="pagination__current">
                <span className="visually-hidden">{t('units.pagination.page', { page: p })}</span>
                <span aria-hidden="true">{p}</span>
              </span>
            ) : (
              <AppLink to={href(p)}>
                <span className="visually-hidden">{t('units.pagination.page', { page: p })}</span>
                <span aria-hidden="true">{p}</span>
              </AppLink>
            )}
          </li>
        ))}
        {page < pages ? (
          <li>
            <AppLink to={href(page + 1)}>{t('units.pagination.next')}</AppLink>
          </li>
        ) : null}
      </ul>
    </nav>
  )
}
