import { Fragment } from 'react'
import { useI18n } from '../../i18n/context'
import type { Translate } from '../../i18n/messages'
import { fieldInWords } from '../content-item/field-input'
import { inertLines } from '../inert-text'
import type { RevisionRef } from './page-data'
import type { DiffPart, FieldChange } from './diff'

/** A flag's value in words: `draft` as 下書き / Draft (or not), any other flag as はい / Yes, いいえ / No. */
function flagWords(t: Translate, field: string, text: string): string {
  if (text !== 'true' && text !== 'false') return text
  return t(field.split('.').at(-1) === 'draft' ? `staff.content.revisions.flags.draft.${text}` : `staff.content.revisions.flags.${text}`)
}

/**
 * A part's text as it reads: its line breaks as breaks (the block keeps white space), every other control or
 * invisible character shown as an escape; in an added or removed part each break also marked ↵ (an added
 * blank line would show nothing).
 */
function PartText({ text, marked }: { text: string; marked: boolean }) {
  const shown = inertLines(text)
  if (!marked) return <>{shown}</>
  return (
    <>
      {shown.split('\n').map((line, i) => (
        <Fragment key={i}>
          {i > 0 ? (
            <>
              <span className="revision-break" aria-hidden="true">
                ↵
              </span>
              {'\n'}
            </>
          ) : null}
          {line}
        </Fragment>
      ))}
    </>
  )
}

/** A field's text with the words only the newer revision has marked <ins>, those only the older one has <del> (named for screen readers). */
function Parts({ change }: { change: FieldChange }) {
  const { t } = useI18n()
  const text = (part: DiffPart) => (change.flag ? flagWords(t, change.field, part.text) : part.text)
  return (
    <div className="revision-text">
      {change.parts.map((part, i) =>
        part.op === 'same' ? (
          <span key={i}>
            <PartText text={text(part)} marked={false} />
          </span>
        ) : part.op === 'add' ? (
          <ins key={i}>
            <span className="visually-hidden">{`[${t('staff.content.revisions.addedText')}] `}</span>
            <PartText text={text(part)} marked />
          </ins>
        ) : (
          <del key={i}>
            <span className="visually-hidden">{`[${t('staff.content.revisions.removedText')}] `}</span>
            <PartText text={text(part)} marked />
          </del>
        ),
      )}
    </div>
  )
}

/** Two revisions compared: each field that differs, its status and its marked text; then how many are unchanged. */
export function FieldChanges({ older, newer, changes }: { older: RevisionRef; newer: RevisionRef; changes: FieldChange[] }) {
  const { t } = useI18n()
  const changed = changes.filter((c) => c.status !== 'same')
  const same = changes.length - changed.length
  return (
    <section className="staff-section" aria-labelledby="revision-compare-heading" data-compare={`${older.seq}-${newer.seq}`}>
      <h2 id="revision-compare-heading">{t('staff.content.revisions.compareHeading', { older: older.number, newer: newer.number })}</h2>
      {changed.length === 0 ? <p data-no-changes="">{t('staff.content.revisions.noChanges')}</p> : null}
      <dl className="revision-fields">
        {changed.map((change) => (
          <div key={change.field} className="revision-field" data-field={change.field} data-status={change.status}>
            <dt>
              {fieldInWords(t, change.field)} <span className="staff-muted">{t(`staff.content.revisions.status.${change.status}`)}</span>
            </dt>
            <dd>
              <Parts change={change} />
            </dd>
          </div>
        ))}
      </dl>
      {same > 0 ? <p className="staff-muted">{t('staff.content.revisions.unchanged', { count: same })}</p> : null}
    </section>
  )
}
