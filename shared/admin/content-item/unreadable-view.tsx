import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { ConfirmAgain } from '../confirm-step'
import { ConfirmSubmit } from '../confirm-submit'
import { rawWords } from './confirm-words'
import type { ContentItemData, UnreadableFile } from './page-data'

/** Why a file cannot be read, in the page's language (and where, for YAML). */
function Reason({ file }: { file: UnreadableFile }) {
  const { t } = useI18n()
  const where = file.line !== null ? { line: String(file.line), column: String(file.column ?? 1) } : undefined
  return (
    <>
      <p data-reason={file.reason}>{t(`staff.content.item.unreadable.reasons.${file.reason}`, where)}</p>
      {file.detail ? (
        <p className="field__hint">
          {t('staff.content.item.unreadable.detail')} <code>{file.detail}</code>
        </p>
      ) : null}
    </>
  )
}

/** One file: why, its text in a textarea to fix and save, and (a language's file) a way to remove that language. */
function UnreadableFileForm({ data, file, index }: { data: ContentItemData; file: UnreadableFile; index: number }) {
  const { t } = useI18n()
  const { csrf, path } = useStaffState()
  const asked = data.confirm?.action === 'raw' && data.confirm.file === file.file ? data.confirm.what : null
  const id = `raw-${index}`
  const save = rawWords(t, file, 'save')
  const remove = rawWords(t, file, 'remove')
  return (
    <section className="staff-section" data-unreadable={file.file} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <code>{file.file}</code>
        {file.locale ? ` (${t(`staff.content.item.languages.${file.locale}`)})` : null}
      </h2>
      <Reason file={file} />
      <form method="post" action={path} className="staff-form" data-form="raw-save">
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="base" value={data.base} />
        <input type="hidden" name="rawFile" value={file.file} />
        <input type="hidden" name="rawAction" value="save" />
        <input type="hidden" name="confirmed" value={asked === 'save' ? '1' : ''} />
        <div className="field">
          <label className="field__label" htmlFor={id}>
            {t('staff.content.item.unreadable.contents', { file: file.file })}
          </label>
          <textarea id={id} name="rawText" className="content-body__text" rows={16} defaultValue={file.text} spellCheck={false} />
        </div>
        {asked === 'save' ? <ConfirmAgain name="raw-save" words={save} button={save.action} /> : null}
        <div className="form-actions">
          <ConfirmSubmit words={save}>{save.action}</ConfirmSubmit>
        </div>
      </form>
      {file.locale ? (
        <form method="post" action={path} className="staff-form" data-form="raw-remove">
          <input type="hidden" name="_csrf" value={csrf} />
          <input type="hidden" name="base" value={data.base} />
          <input type="hidden" name="rawFile" value={file.file} />
          <input type="hidden" name="rawAction" value="remove" />
          <input type="hidden" name="confirmed" value={asked === 'remove' ? '1' : ''} />
          {asked === 'remove' ? <ConfirmAgain name="raw-remove" words={remove} button={remove.action} /> : null}
          <div className="form-actions">
            <ConfirmSubmit words={remove}>{remove.action}</ConfirmSubmit>
          </div>
        </form>
      ) : null}
    </section>
  )
}

/** The editor page of an item with a file that cannot be read: which, why, and its text to fix or remove. */
export function UnreadableView({ data }: { data: ContentItemData }) {
  const { t } = useI18n()
  return (
    <div className="content-unreadable" data-unreadable-item="">
      <section className="staff-notice staff-notice--error" role="alert">
        <h2>{t('staff.content.item.unreadable.heading')}</h2>
        <p>{t('staff.content.item.unreadable.text')}</p>
      </section>
      {(data.unreadable ?? []).map((file, i) => (
        <UnreadableFileForm key={file.file} data={data} file={file} index={i} />
      ))}
    </div>
  )
}
