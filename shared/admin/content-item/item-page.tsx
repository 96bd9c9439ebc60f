import { useCallback } from 'react'
import { LOCALE_CODES, type Locale } from '../../i18n/locales'
import { useI18n } from '../../i18n/context'
import { FieldError } from '../../components/form-field'
import { useStaffState } from '../context'
import { ConfirmAgain } from '../confirm-step'
import { ConfirmSubmit } from '../confirm-submit'
import { inertText } from '../inert-text'
import { staffHref } from '../paths'
import type { StaffPageProps } from '../types'
import { hasVersions } from './fields'
import { insertBlock } from './markdown-tools'
import { inputId } from './field-input'
import { ConflictView } from './conflict-view'
import { saveWords } from './confirm-words'
import { ProblemsList } from './problems-list'
import { UnreadableView } from './unreadable-view'
import { ItemFields } from './item-fields'
import type { ContentItemData } from './page-data'
import { Presence } from './presence'
import { PublishPanel } from './publish-panel'
import { EDITOR_FORM_ID, ImagePickerSlot, PreviewSlot } from './slots'
import { SLUG_FIELD } from './form-check'
import { useEditorForm } from './use-editor-form'

/** The language heads: each language's state, and for one not written a "write it" button (without JavaScript: a link that opens it). */
function LanguageHeads({ data, written, write }: { data: ContentItemData; written: (l: Locale) => boolean; write: (l: Locale) => void }) {
  const { t } = useI18n()
  const { path } = useStaffState()
  return (
    <div className="content-heads" aria-hidden="false">
      {LOCALE_CODES.map((l) => (
        <div className="content-heads__lang" key={l} data-lang-head={l}>
          <strong>{t(`staff.content.item.languages.${l}`)}</strong>{' '}
          {written(l) ? (
            data.states[l] ? <span className={`badge content-state content-state--${data.states[l]}`}>{t(`staff.content.list.states.${data.states[l]}`)}</span> : null
          ) : (
            <>
                  <span className="badge content-state content-state--missing">{t('staff.content.list.states.missing')}</span>{' '}
                  <a
                    className="button button--secondary"
                    href={`${path}?write=${l}`}
                    data-write={l}
                    onClick={(e) => {
                      e.preventDefault()
                      write(l)
                    }}
                  >
                    {t('staff.content.item.write', { language: t(`staff.content.item.languages.${l}`) })}
                  </a>
            </>
          )}
        </div>
      ))}
    </div>
  )
}

/** An item's editor (new or existing): its fields in both languages, the save, publication, deletion, presence. */
export function ContentItemPage({ data }: StaffPageProps<ContentItemData>) {
  const { t, locale } = useI18n()
  const { csrf, path } = useStaffState()
  const editor = useEditorForm(data.kind, data.slug, data.isNew, data.form, data.errors, locale, t('staff.content.item.slugRule'), t('staff.content.images.bodyAlt'))
  const { form, errors, change, blur, write, setForm } = editor
  const perFile = hasVersions(data.kind)
  const written = (l: Locale) => !perFile || form[`has.${l}`] === '1'
  // At that language's cursor (a textarea keeps its selection once left), else at the end.
  const insert = useCallback(
    (l: Locale, markdown: string) => {
      const area = document.getElementById(inputId(`${l}.body`)) as HTMLTextAreaElement | null
      setForm((was) => {
        const body = was[`${l}.body`] ?? ''
        const at = area && area.value === body ? area.selectionEnd : body.length
        return { ...was, [`${l}.body`]: insertBlock(body, at, markdown).text }
      })
    },
    [setForm],
  )
  const title = data.isNew ? t(`staff.content.item.new.${data.kind}`) : data.kind === 'site' ? t(`staff.content.list.siteParts.${data.slug}`) : inertText(LOCALE_CODES.map((l) => data.form[`${l}.title`]).find(Boolean) || data.slug)
  const count = Object.keys(errors).length
  const save = saveWords(t, locale, data, form)
  return (
    <div className="content-item" data-kind={data.kind}>
      <p className="inquiry-back">
        <a href={staffHref('content')}>{t('staff.content.item.back')}</a>
      </p>
      <h1>{title}</h1>
      {data.notice ? (
        <p className="staff-notice" role="status" data-notice={data.notice}>
          {t(`staff.content.item.notices.${data.notice}`)}
        </p>
      ) : null}
      {data.isNew ? null : <Presence kind={data.kind} slug={data.slug} initial={data.others} />}
      <ProblemsList problems={data.problems} />
      {data.unreadable?.length ? <UnreadableView data={data} /> : null}
      {data.unreadable?.length ? null : (
        <>
          <ConflictView data={data} mine={form} />
          <div className="content-layout">
            <form method="post" action={path} id={EDITOR_FORM_ID} className="staff-form content-editor" data-form="editor" noValidate>
              <input type="hidden" name="_csrf" value={csrf} />
              <input type="hidden" name="base" value={data.conflict?.hash ?? data.base} />
              <input type="hidden" name="confirmed" value={data.confirm?.action === 'save' ? '1' : ''} />
              {LOCALE_CODES.filter(written).map((l) => (perFile ? <input key={l} type="hidden" name={`has.${l}`} value="1" /> : null))}
              {perFile && (data.kind === 'news' || data.kind === 'projects') ? LOCALE_CODES.filter(written).map((l) => <input key={l} type="hidden" name={`${l}.draft`} value={form[`${l}.draft`] ?? (data.isNew ? '1' : '')} />) : null}
              {count ? (
                <p className="staff-notice staff-notice--error" role="alert" data-error-count={count}>
                  {t('units.form.errorSummary', { count })}
                </p>
              ) : null}
              {data.isNew && data.kind !== 'site' ? (
                <div className={`field${errors[SLUG_FIELD] ? ' field--invalid' : ''}`} data-field={SLUG_FIELD}>
                  <label className="field__label" htmlFor="f-slug">
                    {t(`staff.content.item.slug.${data.kind}`)}
                  </label>
                  <p className="field__hint" id="f-slug-hint">
                    {t('staff.content.item.slugHint')}
                  </p>
                  <input id="f-slug" name={SLUG_FIELD} value={form[SLUG_FIELD] ?? ''} onChange={(e) => change(SLUG_FIELD, e.currentTarget.value)} onBlur={() => blur(SLUG_FIELD)} aria-describedby={`f-slug-hint${errors[SLUG_FIELD] ? ' f-slug-error' : ''}`} aria-invalid={errors[SLUG_FIELD] ? true : undefined} autoComplete="off" />
                  {errors[SLUG_FIELD] ? <FieldError id="f-slug-error" message={errors[SLUG_FIELD]} /> : null}
                </div>
              ) : null}
              {perFile ? <LanguageHeads data={data} written={written} write={write} /> : null}
              <ItemFields kind={data.kind} slug={data.slug} form={form} errors={errors} outOfDate={data.outOfDate} onChange={change} onBlur={blur} />
              {/* The image picker (ed-images) mounts here. */}
              <div className="content-slot" data-slot="image-picker">
                <ImagePickerSlot data={data} form={form} insert={insert} setField={change} />
              </div>
              {data.confirm?.action === 'save' ? <ConfirmAgain name="save" words={save} button={save.action} /> : null}
              <div className="form-actions">
                <ConfirmSubmit words={save}>{save.action}</ConfirmSubmit>
              </div>
            </form>
            {/* The preview pane (ed-preview) mounts here. */}
            <aside className="content-slot content-layout__preview" data-slot="preview" aria-label={t('staff.content.item.previewPlace')}>
              <PreviewSlot data={data} form={form} insert={insert} setField={change} />
            </aside>
          </div>
          <PublishPanel data={data} />
        </>
      )}
    </div>
  )
}
