import { FieldError } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import type { FieldSpec } from './fields'

/** The input's id from its form name ('en.gallery.0.alt' -> 'f-en-gallery-0-alt'). */
export const inputId = (name: string) => `f-${name.replace(/\./g, '-')}`

/** A field's label key: 'social.x' -> staff.content.item.fields.social.x. */
export const labelOf = (t: (key: string) => string, field: string) => t(`staff.content.item.fields.${field}`)

export interface InputProps {
  spec: FieldSpec
  /** The form name. */
  name: string
  value: string
  error: string | undefined
  /** The visible label (a language name beside the field's label row, or the field's own). */
  label: string
  lang?: string | undefined
  onChange: (name: string, value: string) => void
  onBlur: (name: string) => void
}

/** One control of the editor, with its label, hint and error wired as the form fields are. */
export function FieldInput({ spec, name, value, error, label, lang, onChange, onBlur }: InputProps) {
  const { t } = useI18n()
  const id = inputId(name)
  const required = spec.rules.some((r) => r.id === 'required')
  const errorId = error ? `${id}-error` : undefined
  const hintKey = spec.input === 'publishDate' || spec.input === 'date' || spec.input === 'month' || spec.input === 'lines' || spec.input === 'menu' ? `staff.content.item.hints.${spec.input}` : null
  const hintId = hintKey ? `${id}-hint` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    name,
    lang,
    'aria-describedby': describedBy,
    'aria-invalid': error ? (true as const) : undefined,
    onBlur: () => onBlur(name),
  }
  const change = (e: { currentTarget: { value: string } }) => onChange(name, e.currentTarget.value)
  let control
  if (spec.input === 'checkbox') {
    control = <input {...common} type="checkbox" value="1" checked={value === '1'} onChange={(e) => onChange(name, e.currentTarget.checked ? '1' : '')} />
  } else if (spec.input === 'select') {
    control = (
      <select {...common} value={value} onChange={change} required={required}>
        <option value="">{t('staff.content.item.choose')}</option>
        {(spec.options ?? []).map((o) => (
          <option key={o} value={o}>
            {t(`staff.content.item.options.${spec.name}.${o}`)}
          </option>
        ))}
      </select>
    )
  } else if (spec.input === 'textarea' || spec.input === 'lines' || spec.input === 'menu') {
    control = <textarea {...common} value={value} onChange={change} rows={spec.input === 'textarea' ? 3 : 6} required={required} />
  } else {
    const type = spec.input === 'date' ? 'date' : spec.input === 'number' || spec.input === 'integer' ? 'text' : 'text'
    const inputMode = spec.input === 'number' ? ('decimal' as const) : spec.input === 'integer' ? ('numeric' as const) : undefined
    control = <input {...common} type={type} inputMode={inputMode} value={value} onChange={change} required={required} autoComplete="off" />
  }
  return (
    <div className={`field${spec.input === 'checkbox' ? ' field--inline' : ''}${error ? ' field--invalid' : ''}`} data-field={name}>
      {spec.input === 'checkbox' ? (
        <div className="field__inline">
          {control}
          <label className="field__label" htmlFor={id}>
            {label}
          </label>
        </div>
      ) : (
        <>
          <label className="field__label" htmlFor={id}>
            <span>{label}</span>
          </label>
          {hintKey ? (
            <p className="field__hint" id={hintId}>
              {t(hintKey)}
            </p>
          ) : null}
          {control}
        </>
      )}
      {error ? <FieldError id={errorId!} message={error} /> : null}
    </div>
  )
}
