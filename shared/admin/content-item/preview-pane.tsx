import { useEffect, useRef, useState } from 'react'
import { useI18n } from '../../i18n/context'
import { DEFAULT_LOCALE, LOCALE_CODES, localeInfo, type Locale } from '../../i18n/locales'
import type { ItemKind } from '../editor-model/items'
import { staffHref } from '../paths'

/** The preview is drawn again this long after the last keystroke (typing never waits for it). */
export const PREVIEW_DEBOUNCE_MS = 600
/** The iframe's name: the no-JS buttons send the editor's form to it. */
export const PREVIEW_FRAME = 'content-preview'

/** A new item has no slug yet in the path: 'new' stands for it (the server reads the typed one from the form's `slug`). */
const previewAction = (kind: ItemKind, slug: string, locale: Locale) => `${staffHref('contentPreview', { kind, slug: slug || 'new' })}?locale=${locale}`

/** The editor's form as the preview endpoint reads it (urlencoded, the session's token among its fields). */
function formBody(form: HTMLFormElement): URLSearchParams {
  const body = new URLSearchParams()
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') body.append(name, value)
  return body
}

/**
 * The editor's preview: the public page as the site's renderer draws it from the form as it is
 * now, in an iframe at phone or desktop width (radio buttons, no JavaScript needed), in either language.
 * With JavaScript: drawn on load and again PREVIEW_DEBOUNCE_MS after the last change to the form (a fetch,
 * the previous one abandoned; the scroll position kept). Without: each language's button sends the
 * form (`formId`, wherever the pane stands) to the frame. The frame runs no script (sandbox). `saved`:
 * the item exists on disk, so a signed link to it can be shared. `fields`: the form's state when the page
 * holds it (a change made by a script, such as a toolbar's, fires no input event): each new value draws again.
 */
export function PreviewPane({ kind, slug, formId, saved, fields }: { kind: ItemKind; slug: string; formId: string; saved: boolean; fields?: unknown }) {
  const { t } = useI18n()
  const frame = useRef<HTMLIFrameElement>(null)
  const locale = useRef<Locale>(DEFAULT_LOCALE)
  const refresh = useRef<(() => void) | null>(null)
  const later = useRef<(() => void) | null>(null)
  const [shown, setShown] = useState<Locale>(DEFAULT_LOCALE)
  const [status, setStatus] = useState<'idle' | 'updating' | 'failed'>('idle')

  useEffect(() => {
    const form = document.getElementById(formId)
    if (!(form instanceof HTMLFormElement)) return
    let timer: ReturnType<typeof setTimeout> | undefined
    let running: AbortController | undefined
    const draw = () => {
      clearTimeout(timer)
      running?.abort()
      const controller = (running = new AbortController())
      setStatus('updating')
      fetch(previewAction(kind, slug, locale.current), { method: 'POST', body: formBody(form), signal: controller.signal, credentials: 'same-origin' })
        .then(async (res) => {
          if (res.status >= 500 || !res.headers.get('content-type')?.startsWith('text/html')) throw new Error(`preview ${res.status}`)
          const html = await res.text()
          const view = frame.current
          if (controller.signal.aborted || !view) return
          const y = view.contentWindow?.scrollY ?? 0
          view.addEventListener('load', () => view.contentWindow?.scrollTo(0, y), { once: true })
          view.srcdoc = html
          setStatus('idle')
        })
        .catch((err: unknown) => {
          if (!controller.signal.aborted) setStatus('failed')
          if (!(err instanceof Error)) throw err
        })
    }
    const soon = () => {
      clearTimeout(timer)
      timer = setTimeout(draw, PREVIEW_DEBOUNCE_MS)
    }
    refresh.current = draw
    later.current = soon
    form.addEventListener('input', soon)
    form.addEventListener('change', soon)
    draw()
    return () => {
      clearTimeout(timer)
      running?.abort()
      refresh.current = later.current = null
      form.removeEventListener('input', soon)
      form.removeEventListener('change', soon)
    }
  }, [formId, kind, slug])
  // The page's own state changed (typing, or a script): draw again a moment after the last change (not at
  // mount: the effect above has just drawn).
  const mounted = useRef(false)
  useEffect(() => {
    if (mounted.current) later.current?.()
    mounted.current = true
  }, [fields])

  return (
    <section className="preview-pane" aria-labelledby="preview-heading" data-preview-pane="" data-preview-locale={shown}>
      <h2 id="preview-heading">{t('staff.content.preview.heading')}</h2>
      <p className="staff-muted">{t('staff.content.preview.intro')}</p>
      <div className="preview-controls">
        <fieldset className="preview-widths">
          <legend>{t('staff.content.preview.width')}</legend>
          {(['phone', 'desktop'] as const).map((width) => (
            <label key={width}>
              {/* form="": never one of the editor form's fields, wherever the pane stands. */}
              <input type="radio" name="preview-width" value={width} form="" defaultChecked={width === 'phone'} /> {t(`staff.content.preview.${width}`)}
            </label>
          ))}
        </fieldset>
        <div className="preview-languages" role="group" aria-label={t('staff.content.preview.language')}>
          {LOCALE_CODES.map((code) => (
            <button
              key={code}
              type="submit"
              className={`button button--secondary${shown === code ? ' is-current' : ''}`}
              aria-pressed={shown === code}
              form={formId}
              formAction={previewAction(kind, slug, code)}
              formMethod="post"
              formTarget={PREVIEW_FRAME}
              formNoValidate
              data-preview-locale={code}
              onClick={(event) => {
                if (!refresh.current) return // no form found: the button sends it as without JavaScript
                event.preventDefault()
                locale.current = code
                setShown(code)
                refresh.current()
              }}
            >
              {t('staff.content.preview.button', { language: localeInfo(code).name })}
            </button>
          ))}
        </div>
      </div>
      <p className="staff-muted preview-status" role="status" data-preview-status={status}>
        {status === 'updating' ? t('staff.content.preview.updating') : status === 'failed' ? t('staff.content.preview.failed') : ''}
      </p>
      <div className="preview-frame-wrap">
        <iframe ref={frame} name={PREVIEW_FRAME} className="preview-frame" title={t('staff.content.preview.frameTitle')} sandbox="allow-same-origin" />
      </div>
      {saved ? (
        <p>
          <a href={staffHref('contentPreviewLink', { kind, slug })}>{t('staff.content.preview.link.heading')}</a>
        </p>
      ) : null}
    </section>
  )
}
