import { Fragment } from 'react'
import { LOCALE_CODES, type Locale } from '../../i18n/locales'
import { useI18n } from '../../i18n/context'
import type { FormErrors } from '../../validation/types'
import { hasVersions, isGroup, specsOf, type FieldSpec, type GroupSpec } from './fields'
import { FieldInput, labelOf } from './field-input'
import { rowsIn, type EditorForm } from './form-model'
import { MarkdownField } from './markdown-field'

interface Props {
  kind: Parameters<typeof specsOf>[0]
  slug: string
  form: EditorForm
  errors: FormErrors
  outOfDate: Partial<Record<Locale, string[]>>
  onChange: (name: string, value: string) => void
  onBlur: (name: string) => void
}

/** A translation's mark: out of date since the Japanese changed, with "still right" to clear it on save. */
function Stale({ locale, field, form, onChange }: { locale: Locale; field: string; form: EditorForm; onChange: Props['onChange'] }) {
  const { t } = useI18n()
  const name = `still.${locale}.${field}`
  const id = `f-${name.replace(/\./g, '-')}`
  return (
    <div className="content-stale" data-stale={`${locale}.${field}`}>
      <span className="badge content-stale__badge">{t('staff.content.item.stale')}</span>
      <input id={id} type="checkbox" name={name} value="1" checked={form[name] === '1'} onChange={(e) => onChange(name, e.currentTarget.checked ? '1' : '')} />
      <label htmlFor={id}>{t('staff.content.item.stillRight')}</label>
    </div>
  )
}

/**
 * The fields, field by field, each with its languages side by side (Japanese first); a language
 * not written shows as missing. Site parts: a value that is the same in every language once.
 */
export function ItemFields({ kind, slug, form, errors, outOfDate, onChange, onBlur }: Props) {
  const { t } = useI18n()
  const perFile = hasVersions(kind)
  const written = (l: Locale) => !perFile || form[`has.${l}`] === '1'
  const langName = (l: Locale) => t(`staff.content.item.languages.${l}`)
  // Required with another field of its language (a news cover's description once the cover is set): marked required then.
  const needed = (spec: FieldSpec, l: Locale): FieldSpec => (spec.requiredWith && (form[`${l}.${spec.requiredWith}`] ?? '').trim() ? { ...spec, rules: [{ id: 'required' }, ...spec.rules] } : spec)
  const cell = (spec: FieldSpec, l: Locale, path: string, label: string) => {
    if (!written(l)) return <p className="content-missing">{t('staff.content.item.missing')}</p>
    const name = `${l}.${path}`
    const stale = outOfDate[l]?.includes(path)
    return (
      <>
        <FieldInput spec={needed(spec, l)} name={name} value={form[name] ?? ''} error={errors[name]} label={label} lang={l} onChange={onChange} onBlur={onBlur} />
        {stale ? <Stale locale={l} field={path} form={form} onChange={onChange} /> : null}
      </>
    )
  }
  const row = (spec: FieldSpec, path: string, legend: string) => {
    if (!perFile && !spec.localised) {
      return (
        <div className="content-row content-row--one" key={path}>
          <FieldInput spec={spec} name={path} value={form[path] ?? ''} error={errors[path]} label={legend} onChange={onChange} onBlur={onBlur} />
        </div>
      )
    }
    return (
      <fieldset className="content-row" key={path} data-row={path}>
        <legend>{legend}</legend>
        <div className="content-row__langs">
          {LOCALE_CODES.map((l) => (
            <div className="content-row__lang" key={l} data-lang={l}>
              {cell(spec, l, path, langName(l))}
            </div>
          ))}
        </div>
      </fieldset>
    )
  }
  const group = (spec: GroupSpec) => {
    const count = Math.min(spec.max, Math.max(...LOCALE_CODES.map((l) => rowsIn(form, `${l}.${spec.group}`))) + 1)
    return (
      <section className="content-group" key={spec.group} aria-labelledby={`group-${spec.group}`}>
        <h3 id={`group-${spec.group}`}>{labelOf(t, spec.group)}</h3>
        <p className="field__hint">{t('staff.content.item.groupHint')}</p>
        {Array.from({ length: count }, (_, i) => (
          <Fragment key={i}>{spec.fields.map((f) => row(f, `${spec.group}.${i}.${f.name}`, `${labelOf(t, `${spec.group}Row.${f.name}`)} ${i + 1}`))}</Fragment>
        ))}
      </section>
    )
  }
  return (
    <div className="content-fields">
      {specsOf(kind, slug).map((spec) => (isGroup(spec) ? group(spec) : row(spec, spec.name, labelOf(t, spec.name))))}
      {perFile ? (
        <fieldset className="content-row content-row--body" data-row="body">
          <legend>{labelOf(t, 'body')}</legend>
          <div className="content-row__langs">
          {LOCALE_CODES.map((l) => (
            <div className="content-row__lang" key={l} data-lang={l}>
              {written(l) ? (
                <>
                  <MarkdownField name={`${l}.body`} value={form[`${l}.body`] ?? ''} error={errors[`${l}.body`]} label={langName(l)} lang={l} onChange={onChange} onBlur={onBlur} />
                  {outOfDate[l]?.includes('body') ? <Stale locale={l} field="body" form={form} onChange={onChange} /> : null}
                </>
              ) : (
                <p className="content-missing">{t('staff.content.item.missing')}</p>
              )}
            </div>
          ))}
          </div>
        </fieldset>
      ) : null}
    </div>
  )
}
