import type { ReactNode } from 'react'
import { useI18n } from '../i18n/context'
import { useStaffState } from './context'

/**
 * An inbox export (CSV for Excel, or JSON): a POST (what it selects never lands in a URL) to `action`
 * with the session's token, the selection as hidden fields (the list's filter parameters, or a person's
 * address), `children` (what it exports) and one button per format. The server asks for a factor again
 * when the last one is more than 5 minutes old, then sends the file.
 */
export function ExportForm({ action, form, fields, children }: { action: string; form: string; fields: readonly (readonly [string, string])[]; children?: ReactNode }) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  return (
    <form method="post" action={action} data-form={form}>
      <input type="hidden" name="_csrf" value={csrf} />
      {fields.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      {children}
      <p className="form-actions">
        <button type="submit" name="format" value="csv" className="button button--secondary">
          {t('staff.inquiries.exportForm.csv')}
        </button>
        <button type="submit" name="format" value="json" className="button button--secondary">
          {t('staff.inquiries.exportForm.json')}
        </button>
      </p>
    </form>
  )
}
