import { FieldError } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import { LOCALE_CODES } from '../../i18n/locales'
import type { FieldSpec } from './fields'

/** The input's id from its form name ('en.gallery.0.alt' -> 'f-en-gallery-0-alt'). */
export const inputId = (name: string) => `f-${name.replace(/\./g, '-')}`

/** A field's label key: 'social.x' -> staff.content.item.fields.social.x. */
export const labelOf = (t: (key: string) => string, field: string) => t(`staff.content.item.fields.${field}`)

type Translate = (key: string, values?: Record<string, string>) => string

/**
 * A field's name in words, for the conflict and revision views: a form name ('en.gallery.1.alt' -> 'Image
 * description 2 (English)', 'ja.title' -> 'Title (Japanese)') or a site.yml path ('services.0.title.en' ->
 * 'Service 1 (English)', 'social.x' -> 'X account'). A name the labels do not know is shown as it is.
 */
export function fieldInWords(t: Translate, name: string): string {
  const parts = name.split('.')
  const lang = LOCALE_CODES.find((l) => l === parts[0]) ?? LOCALE_CODES.find((l) => l === parts.at(-1))
  const rest = parts[0] === lang ? parts.slice(1) : lang ? parts.slice(0, -1) : parts
  const index = rest.findIndex((part) => /^\d+$/.test(part))
  const key = index > 0 && rest.length === index + 2 ? `${rest[0]}Row.${rest[index + 1]}` : rest.filter((part) => !/^\d+$/.test(part)).join('.')
  const label = labelOf(t, key)
  if (label === `staff.content.item.fields.${key}`) return name
  const field = index > 0 ? `${label} ${Number(rest[index]) + 1}` : label
  return lang ? `${field} (${t(`staff.content.item.languages.${lang}`)})` : field
}

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
