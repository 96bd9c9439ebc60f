import type { ReactNode } from 'react'
import { useI18n } from '../i18n/context'

/** What a control needs to be tied to its label, hint and error (spread onto the control). */
export interface ControlProps {
  id: string
  name: string
  required: boolean
  'aria-describedby'?: string
  'aria-invalid'?: true
}

export function RequiredBadge({ required }: { required: boolean }) {
  const { t } = useI18n()
  return <span className={`badge badge--${required ? 'required' : 'optional'}`}>{t(required ? 'units.form.required' : 'units.form.optional')}</span>
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p className="field__error" id={id}>
      <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
        <path d="M8 1l7 13H1z" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" />
        <path d="M8 6v4M8 11.5v1" stroke="currentColor" strokeWidth="1.5" />
      </svg>
      <span>{message}</span>
    </p>
  )
}

interface FieldProps {
  /** The control's id (also its name unless `name` is given). */
  id: string
  name: string
  label: string
  required: boolean
  hint?: ReactNode | undefined
  error?: string | undefined
  /** Renders the control with the wiring props. */
  children: (control: ControlProps) => ReactNode
  /** Checkboxes put the control before the label. */
  inline?: boolean
}

/**
 * One form field: label with its Required/Optional badge, hint, control and
 * error message; the control is described by the hint and the error, and marked invalid.
 */
export function Field({ id, name, label, required, hint, error, children, inline }: FieldProps) {
  const hintId = hint ? `${id}-hint` : undefined
  const errorId = error ? `${id}-error` : undefined
  const describedBy = [hintId, errorId].filter(Boolean).join(' ')
  const control = children({
    id,
    name,
    required,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(error ? { 'aria-invalid': true as const } : {}),
  })
  const labelEl = (
    <label className="field__label" htmlFor={id}>
      <span>{label}</span> <RequiredBadge required={required} />
    </label>
  )
  return (
    <div className={`field${inline ? ' field--inline' : ''}${error ? ' field--invalid' : ''}`} data-field={name}>
      {inline ? null : labelEl}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {inline ? (
        <div className="field__inline">
          {control}
          {labelEl}
        </div>
      ) : (
        control
      )}
      {error && errorId ? <FieldError id={errorId} message={error} /> : null}
    </div>
  )
}
