import { useI18n } from '../../i18n/context'
import { ConfirmSubmit } from '../confirm-submit'
import { keepMineWords } from './confirm-words'
import { fieldInWords } from './field-input'
import { staffHref } from '../paths'
import type { ContentItemData, EditorForm } from './page-data'
import { EDITOR_FORM_ID } from './slots'
import { inertText } from '../inert-text'
import { TableRegion } from '../table-region'

/** The form names whose values differ (state, marks and flags left out), in the order of the page. */
function differing(theirs: EditorForm, mine: EditorForm): string[] {
  const names = [...new Set([...Object.keys(mine), ...Object.keys(theirs)])].filter((n) => !n.startsWith('still.'))
  // A browser sends a textarea's line breaks as \r\n, the file has \n: the same text.
  const same = (a = '', b = '') => a.replace(/\r\n?/g, '\n') === b.replace(/\r\n?/g, '\n')
  return names.filter((n) => !same(theirs[n], mine[n]))
}

/**
 * Someone saved this item since it was opened: their version and this one, field by field, and a way
 * to keep either (keep theirs: open the item again; keep mine: save what was typed over theirs).
 */
export function ConflictView({ data, mine }: { data: ContentItemData; mine: EditorForm }) {
  const { t, locale } = useI18n()
  const conflict = data.conflict
  if (!conflict) return null
  const theirs = conflict.theirs ?? {}
  const names = differing(theirs, mine)
  return (
    <section className="staff-section staff-notice staff-notice--error content-conflict" data-conflict="">
      <h2 id="conflict-heading">{t('staff.content.item.conflict.heading')}</h2>
      <p>{t(conflict.theirs ? 'staff.content.item.conflict.text' : 'staff.content.item.conflict.deleted')}</p>
      <TableRegion labelledBy="conflict-heading">
        <table className="staff-table content-conflict__table">
          <thead>
            <tr>
              <th scope="col">{t('staff.content.item.conflict.field')}</th>
              <th scope="col">{t('staff.content.item.conflict.theirs')}</th>
              <th scope="col">{t('staff.content.item.conflict.mine')}</th>
            </tr>
          </thead>
          <tbody>
            {names.map((n) => (
              <tr key={n} data-differs={n}>
                <th scope="row">{n.startsWith('has.') ? t(`staff.content.item.languages.${n.slice(4)}`) : fieldInWords(t, n)}</th>
                <td className="content-conflict__value">{inertText(theirs[n] ?? '')}</td>
                <td className="content-conflict__value">{inertText(mine[n] ?? '')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      <div className="form-actions">
        {conflict.theirs ? (
          <a className="button button--secondary" href={staffHref('contentItem', { kind: data.kind, slug: data.slug })}>
            {t('staff.content.item.conflict.keepTheirs')}
          </a>
        ) : null}
        {/* "Keep mine" is a save like any other: confirmed first, then the editor's form goes. */}
        <ConfirmSubmit words={keepMineWords(t, locale, data, mine)} form={EDITOR_FORM_ID} name="keep" value="mine">
          {t('staff.content.item.conflict.keepMine')}
        </ConfirmSubmit>
      </div>
    </section>
  )
}
