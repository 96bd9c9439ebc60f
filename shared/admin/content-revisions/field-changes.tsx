import { useI18n } from '../../i18n/context'
import { fieldInWords } from '../content-item/field-input'
import { inertText } from '../inert-text'
import type { DiffPart, FieldChange } from './diff'

/** A field's text with the words only the newer revision has marked <ins>, those only the older one has <del> (named for screen readers). */
function Parts({ parts }: { parts: DiffPart[] }) {
  const { t } = useI18n()
  return (
    <div className="revision-text">
      {parts.map((part, i) =>
        part.op === 'same' ? (
          <span key={i}>{inertText(part.text)}</span>
        ) : part.op === 'add' ? (
          <ins key={i}>
            <span className="visually-hidden">{`[${t('staff.content.revisions.addedText')}] `}</span>
            {inertText(part.text)}
          </ins>
        ) : (
          <del key={i}>
            <span className="visually-hidden">{`[${t('staff.content.revisions.removedText')}] `}</span>
            {inertText(part.text)}
          </del>
        ),
      )}
    </div>
  )
}

/** Two revisions compared: each field that differs, its status and its marked text; then how many are unchanged. */
export function FieldChanges({ older, newer, changes }: { older: number; newer: number; changes: FieldChange[] }) {
  const { t } = useI18n()
  const changed = changes.filter((c) => c.status !== 'same')
  const same = changes.length - changed.length
  return (
    <section className="staff-section" aria-labelledby="revision-compare-heading" data-compare={`${older}-${newer}`}>
      <h2 id="revision-compare-heading">{t('staff.content.revisions.compareHeading', { older, newer })}</h2>
      {changed.length === 0 ? <p data-no-changes="">{t('staff.content.revisions.noChanges')}</p> : null}
      <dl className="revision-fields">
        {changed.map((change) => (
          <div key={change.field} className="revision-field" data-field={change.field} data-status={change.status}>
            <dt>
              {fieldInWords(t, change.field)} <span className="staff-muted">{t(`staff.content.revisions.status.${change.status}`)}</span>
            </dt>
            <dd>
              <Parts parts={change.parts} />
            </dd>
          </div>
        ))}
      </dl>
      {same > 0 ? <p className="staff-muted">{t('staff.content.revisions.unchanged', { count: same })}</p> : null}
    </section>
  )
}
