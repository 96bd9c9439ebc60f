import { Field } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import { localeInfo } from '../../i18n/locales'
import { useStaffState } from '../context'
import { inertText } from '../inert-text'
import { staffHref } from '../paths'
import type { StaffPageProps } from '../types'
import { PREVIEW_TTL_CHOICES, type PreviewLinkData } from './page-data'

/** Makes a signed preview link of the saved item: its language, how long it works; then shows it to copy. */
export function PreviewLinkPage({ data }: StaffPageProps<PreviewLinkData>) {
  const { t } = useI18n()
  const { csrf, path } = useStaffState()
  return (
    <>
      <h1 className="staff-title">{t('staff.content.preview.link.heading')}</h1>
      <p className="staff-muted">{inertText(data.title)}</p>
      {data.made ? (
        <div className="staff-notice" role="status" data-preview-link="">
          <p>{t('staff.content.preview.link.made', { expires: data.made.expires.text })}</p>
          <p>
            <label htmlFor="preview-link-url">{t('staff.content.preview.link.label')}</label>
            <input id="preview-link-url" className="staff-copy" type="text" readOnly value={data.made.url} />
          </p>
          <p>
            <a className="button button--secondary" href={data.made.url} target="_blank" rel="noopener">
              {t('staff.content.preview.link.open')}
            </a>
          </p>
        </div>
      ) : null}
      <p>{t('staff.content.preview.link.text')}</p>
      <form method="post" action={path} className="staff-form" data-form="preview-link">
        <input type="hidden" name="_csrf" value={csrf} />
        <Field id="preview-link-locale" name="locale" label={t('staff.content.preview.link.language')} required>
          {(control) => (
            <select {...control} defaultValue={data.form.locale}>
              {data.locales.map((code) => (
                <option key={code} value={code}>
                  {localeInfo(code).name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field id="preview-link-ttl" name="ttl" label={t('staff.content.preview.link.expiry')} required>
          {(control) => (
            <select {...control} defaultValue={data.form.ttl}>
              {PREVIEW_TTL_CHOICES.map((ttl) => (
                <option key={ttl} value={ttl}>
                  {t(`staff.content.preview.link.ttl.${ttl}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button--primary">
            {t('staff.content.preview.link.make')}
          </button>
          <a className="button button--secondary" href={staffHref('contentItem', { kind: data.kind, slug: data.slug })}>
            {t('staff.content.preview.link.back')}
          </a>
        </div>
      </form>
    </>
  )
}
