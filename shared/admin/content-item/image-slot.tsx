import { useEffect, useState } from 'react'
import { FieldError } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import { LOCALE_CODES, type Locale } from '../../i18n/locales'
import { formatMessage } from '../../validation/messages'
import { inputId } from './field-input'
import { isGroup, specsOf } from './fields'
import { rowsIn } from './form-model'
import { ImagePicker } from './image-picker'
import type { UploadedImage } from './image-upload-rules'
import { markdownImage } from './markdown-tools'
import type { SlotProps } from './page-data'

const GALLERY_MAX = specsOf('projects', '').flatMap((s) => (isGroup(s) && s.group === 'gallery' ? [s.max] : []))[0] ?? 0
const focus = (name: string) => document.getElementById(inputId(name))?.focus()

/** After an upload for the body: the image's description in each written language (required), then "insert". */
function BodyImage({ image, locales, insert, done }: { image: UploadedImage; locales: Locale[]; insert: SlotProps['insert']; done: () => void }) {
  const { t, locale } = useI18n()
  const [alts, setAlts] = useState<Partial<Record<Locale, string>>>({})
  const [errors, setErrors] = useState<Partial<Record<Locale, string>>>({})
  const id = (l: Locale) => `image-alt-${l}`
  const put = () => {
    const missing = Object.fromEntries(locales.filter((l) => !(alts[l] ?? '').trim()).map((l) => [l, formatMessage(locale, 'units.validation.required.input')]))
    setErrors(missing)
    const first = locales.find((l) => missing[l])
    if (first) return document.getElementById(id(first))?.focus()
    for (const l of locales) insert(l, markdownImage(alts[l]!, image.path))
    done()
  }
  return (
    <div className="image-insert" data-image-insert={image.path}>
      <p className="field__hint">
        <code>{image.path}</code> {t('staff.content.images.bodyHint')}
      </p>
      {locales.map((l) => (
        <div className={`field${errors[l] ? ' field--invalid' : ''}`} key={l}>
          <label className="field__label" htmlFor={id(l)}>
            {t('staff.content.images.altLabel', { language: t(`staff.content.item.languages.${l}`) })}
          </label>
          <input
            id={id(l)}
            lang={l}
            required
            autoComplete="off"
            value={alts[l] ?? ''}
            aria-invalid={errors[l] ? true : undefined}
            aria-describedby={errors[l] ? `${id(l)}-error` : undefined}
            onChange={(e) => setAlts({ ...alts, [l]: e.currentTarget.value })}
            onKeyDown={(e) => {
              // Enter would submit the editor's form: it inserts the image instead.
              if (e.key === 'Enter') {
                e.preventDefault()
                put()
              }
            }}
          />
          {errors[l] ? <FieldError id={`${id(l)}-error`} message={errors[l]!} /> : null}
        </div>
      ))}
      <div className="image-insert__actions">
        <button type="button" className="button button--primary" data-image-action="insert" onClick={put}>
          {t('staff.content.images.insert')}
        </button>
        <button type="button" className="button button--secondary" data-image-action="cancel" onClick={done}>
          {t('staff.content.images.cancel')}
        </button>
      </div>
    </div>
  )
}

/**
 * The editor's images, with JavaScript: a cover (news, projects) set in every written language,
 * whose description each language then needs; an image for the body, put into each language's body at its
 * cursor once described in each; a project's gallery row. Without JavaScript the paths are typed in their
 * fields (the pickers are hidden until the page runs).
 */
export function ImagesSection({ data, form, insert, setField }: SlotProps) {
  const { t } = useI18n()
  const [pending, setPending] = useState<UploadedImage | null>(null)
  const [ready, setReady] = useState(false)
  useEffect(() => setReady(true), [])
  if (data.kind === 'site' || !ready) return null
  const locales = LOCALE_CODES.filter((l) => form[`has.${l}`] === '1')
  const hasCover = data.kind === 'news' || data.kind === 'projects'
  const cover = (image: UploadedImage) => {
    for (const l of locales) setField(`${l}.cover`, image.path)
    const first = locales.find((l) => !(form[`${l}.coverAlt`] ?? '').trim())
    if (first) focus(`${first}.coverAlt`)
  }
  const gallery = (image: UploadedImage) => {
    const rows = Math.max(0, ...locales.map((l) => rowsIn(form, `${l}.gallery`)))
    let row = 0
    while (row < rows && locales.some((l) => (form[`${l}.gallery.${row}.src`] ?? '').trim() || (form[`${l}.gallery.${row}.alt`] ?? '').trim())) row++
    if (row >= GALLERY_MAX) return
    for (const l of locales) setField(`${l}.gallery.${row}.src`, image.path)
    // The row's inputs are drawn on the next render.
    requestAnimationFrame(() => focus(`${locales[0]}.gallery.${row}.alt`))
  }
  if (!locales.length) return null
  return (
    <section className="content-images" aria-labelledby="images-heading" data-images="">
      <h2 id="images-heading">{t('staff.content.images.heading')}</h2>
      {hasCover ? (
        <div className="content-images__part" data-picker="cover">
          <h3>{t('staff.content.images.coverHeading')}</h3>
          <p className="field__hint">{t('staff.content.images.coverHint')}</p>
          <ImagePicker label={t('staff.content.images.coverPick')} onUploaded={cover} />
        </div>
      ) : null}
      <div className="content-images__part" data-picker="body">
        <h3>{t('staff.content.images.bodyHeading')}</h3>
        {pending ? <BodyImage image={pending} locales={locales} insert={insert} done={() => setPending(null)} /> : <ImagePicker label={t('staff.content.images.bodyPick')} onUploaded={setPending} />}
      </div>
      {data.kind === 'projects' ? (
        <div className="content-images__part" data-picker="gallery">
          <h3>{t('staff.content.images.galleryHeading')}</h3>
          <ImagePicker label={t('staff.content.images.galleryPick')} onUploaded={gallery} />
        </div>
      ) : null}
    </section>
  )
}
