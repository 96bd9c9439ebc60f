import { Field } from '../components/form-field'
import { useI18n } from '../i18n/context'
import { useStaffState } from './context'

/**
 * An inbox export (CSV for Excel, or JSON): a POST (what it selects never lands in a URL) to `action`
 * with the session's token, the selection as hidden fields (the list's filter parameters, or a person's
 * address), the format and one button. The server asks for a factor again when the last one is more
 * than 5 minutes old, then sends the file.
 */
export function ExportForm({ action, form, fields }: { action: string; form: string; fields: Record<string, string | readonly string[]> }) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  return (
    <form method="post" action={action} className="staff-form staff-export" data-form={form}>
      <input type="hidden" name="_csrf" value={csrf} />
      {Object.entries(fields).flatMap(([name, value]) =>
        (typeof value === 'string' ? [value] : value).map((v, i) => <input key={`${name}-${i}`} type="hidden" name={name} value={v} />),
      )}
      <Field id={`${form}-format`} name="format" label={t('staff.inquiries.export.format')} hint={t('staff.inquiries.export.hint')} required>
        {(control) => (
          <select {...control} defaultValue="csv">
            <option value="csv">{t('staff.inquiries.export.csv')}</option>
            <option value="json">{t('staff.inquiries.export.json')}</option>
          </select>
        )}
      </Field>
      <div className="form-actions">
        <button type="submit" className="button button--secondary">
          {t('staff.inquiries.export.submit')}
        </button>
      </div>
    </form>
  )
}
