import { DEFAULT_LOCALE, LOCALE_CODES } from '../../i18n/locales'
import { useI18n } from '../../i18n/context'
import type { ItemKind } from '../editor-model/items'
import { inertText } from '../inert-text'
import { staffHref } from '../paths'
import { ShownTimeText } from '../shown-time'
import { TableRegion } from '../table-region'
import type { StaffPageProps } from '../types'
import { Whole } from '../whole'
import type { ContentListData, ContentRow } from './page-data'

/** The kinds in the order of the list, and which of them a "new" button makes. */
const KINDS: ItemKind[] = ['news', 'projects', 'pages', 'site']
const CREATABLE = new Set<ItemKind>(['news', 'projects', 'pages'])

function Row({ row }: { row: ContentRow }) {
  const { t } = useI18n()
  const col = (key: string) => t(`staff.content.list.columns.${key}`)
  const titled = LOCALE_CODES.find((l) => row.titles[l] !== undefined)
  // A title written by hand may hold invisible or control characters: shown, never passed on (inertText).
  const title = row.kind === 'site' ? t(`staff.content.list.siteParts.${row.slug}`) : titled ? inertText(row.titles[titled]!) : row.slug
  return (
    <tr data-item={`${row.kind}/${row.slug}`}>
      <th scope="row" data-label={col('title')}>
        <div>
          <a href={staffHref('contentItem', { kind: row.kind, slug: row.slug })} lang={row.kind === 'site' || !titled || titled === DEFAULT_LOCALE ? undefined : titled}>
            {title}
          </a>
          <span className="content-list__slug">{row.slug}</span>
        </div>
      </th>
      {LOCALE_CODES.map((l) => {
        const state = row.states[l] ?? 'missing'
        return (
          <td key={l} data-label={t(`staff.content.item.languages.${l}`)} data-state={`${l}:${state}`}>
            <div>
              <span className={`badge content-state content-state--${state}`}>{t(`staff.content.list.states.${state}`)}</span>
              {row.outOfDate.includes(l) ? <span className="badge content-stale__badge">{t('staff.content.item.stale')}</span> : null}
            </div>
          </td>
        )
      })}
      <td data-label={col('date')}>
        <div>{row.date ?? ''}</div>
      </td>
      <td data-label={col('changed')}>
        <div>
          {row.changed ? (
            <>
              <ShownTimeText time={row.changed.at} /> {row.changed.who ? <Whole>{inertText(row.changed.who)}</Whole> : t('staff.content.list.byNobody')}
            </>
          ) : (
            <span className="staff-muted">{t('staff.content.list.never')}</span>
          )}
        </div>
      </td>
    </tr>
  )
}

/** Every item of the content folder by kind, per language its state and out-of-date translations, and who changed it last. */
export function ContentListPage({ data }: StaffPageProps<ContentListData>) {
  const { t } = useI18n()
  const col = (key: string) => t(`staff.content.list.columns.${key}`)
  return (
    <div className="content-list">
      <h1>{t('staff.content.title')}</h1>
      {data.notice ? (
        <p className="staff-notice" role="status" data-notice={data.notice}>
          {t(`staff.content.list.notices.${data.notice}`)}
        </p>
      ) : null}
      {KINDS.map((kind) => {
        const rows = data.rows.filter((r) => r.kind === kind)
        const headingId = `kind-${kind}`
        return (
          <section className="staff-section" key={kind} data-kind={kind}>
            <div className="content-list__head">
              <h2 id={headingId}>{t(`staff.content.list.kinds.${kind}`)}</h2>
              {CREATABLE.has(kind) ? (
                <a className="button button--primary" href={staffHref('contentNew', { kind })} data-new={kind}>
                  {t(`staff.content.item.new.${kind}`)}
                </a>
              ) : null}
            </div>
            <TableRegion labelledBy={headingId} cards>
              <table className="staff-table content-list__table">
                <thead>
                  <tr>
                    <th scope="col">{col('title')}</th>
                    {LOCALE_CODES.map((l) => (
                      <th scope="col" key={l}>
                        {t(`staff.content.item.languages.${l}`)}
                      </th>
                    ))}
                    <th scope="col">{col('date')}</th>
                    <th scope="col">{col('changed')}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <Row key={row.slug} row={row} />
                  ))}
                </tbody>
              </table>
            </TableRegion>
          </section>
        )
      })}
    </div>
  )
}
