import { useEffect, useRef, useState } from 'react'
import { FieldError } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import { inputId } from './field-input'
import { applyTool, MARKDOWN_TOOLS, type TextEdit } from './markdown-tools'

interface Props {
  name: string
  value: string
  error: string | undefined
  label: string
  lang: string
  onChange: (name: string, value: string) => void
  onBlur: (name: string) => void
}

/**
 * The Markdown body: a textarea, and (with JavaScript) a small toolbar above it: heading, bold, link,
 * list, image. Without JavaScript the toolbar is not shown and the textarea is the whole field.
 */
export function MarkdownField({ name, value, error, label, lang, onChange, onBlur }: Props) {
  const { t } = useI18n()
  const id = inputId(name)
  const area = useRef<HTMLTextAreaElement>(null)
  const [ready, setReady] = useState(false)
  const pending = useRef<TextEdit | null>(null)
  useEffect(() => setReady(true), [])
  useEffect(() => {
    const edit = pending.current
    if (!edit || !area.current) return
    pending.current = null
    area.current.focus()
    area.current.setSelectionRange(edit.start, edit.end)
  })
  const errorId = error ? `${id}-error` : undefined
  return (
    <div className={`field content-body${error ? ' field--invalid' : ''}`} data-field={name}>
      <label className="field__label" htmlFor={id}>
        <span>{label}</span>
      </label>
      {ready ? (
        <div className="content-toolbar" role="toolbar" aria-label={t('staff.content.item.toolbar.label')} aria-controls={id}>
          {MARKDOWN_TOOLS.map((tool) => (
            <button
              key={tool}
              type="button"
              className="button button--secondary content-toolbar__button"
              data-tool={tool}
              onClick={() => {
                const el = area.current
                if (!el) return
                const edit = applyTool(tool, el.value, el.selectionStart, el.selectionEnd, { text: t('staff.content.item.toolbar.text'), alt: t('staff.content.item.toolbar.alt') })
                pending.current = edit
                onChange(name, edit.text)
              }}
            >
              {t(`staff.content.item.toolbar.${tool}`)}
            </button>
          ))}
        </div>
      ) : null}
      <textarea
        ref={area}
        id={id}
        name={name}
        lang={lang}
        className="content-body__text"
        rows={18}
        value={value}
        aria-describedby={errorId}
        aria-invalid={error ? true : undefined}
        onChange={(e) => onChange(name, e.currentTarget.value)}
        onBlur={() => onBlur(name)}
      />
      {error ? <FieldError id={errorId!} message={error} /> : null}
    </div>
  )
}
