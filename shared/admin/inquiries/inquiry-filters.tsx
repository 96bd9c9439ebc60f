import { useI18n } from '../../i18n/context'
import { STAFF_PATHS } from '../paths'
import type { InquiriesData } from './page-data'

/** A labelled control of the filter form. */
function FilterField({ id, label, hint, children }: { id: string; label: string; hint?: string; children: React.ReactNode }) {
  return (
    <p className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <span className="field__hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      {children}
    </p>
  )
}

/**
 * The filter form: a plain GET to the list, so the address is the view (bookmarked, shared, paged)
 * and it works without JavaScript. The values shown are the ones that were valid.
 */
export function InquiryFilters({ data }: { data: InquiriesData }) {
  const { t } = useI18n()
  const { form, options } = data
  return (
    <form method="get" action={STAFF_PATHS.inquiries} className="staff-filters inbox-filters" aria-label={t('staff.inquiries.filters')} data-form="inquiry-filters">
      <FilterField id="inquiry-q" label={t('staff.inquiries.q')} hint={t('staff.inquiries.qHint')}>
        <input id="inquiry-q" name="q" type="search" maxLength={200} autoComplete="off" defaultValue={form.q} aria-describedby="inquiry-q-hint" />
      </FilterField>
      <fieldset className="inbox-filters__statuses">
        <legend className="field__label">{t('staff.inquiries.status')}</legend>
        {options.statuses.map((status) => (
          <label key={status} className="inbox-filters__check">
            <input type="checkbox" name="status" value={status} defaultChecked={form.statuses.includes(status)} />
            <span>{t(`staff.inquiries.statuses.${status}`)}</span>
          </label>
        ))}
      </fieldset>
      <FilterField id="inquiry-assignee" label={t('staff.inquiries.assignee')}>
        <select id="inquiry-assignee" name="assignee" defaultValue={form.assignee}>
          <option value="">{t('staff.inquiries.anyone')}</option>
          <option value="none">{t('staff.inquiries.unassigned')}</option>
          {options.assignees.map((a) => (
            <option key={a.id} value={a.id}>
              {a.disabled ? t('staff.inquiries.disabledAccount', { name: a.name }) : a.name}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="inquiry-type" label={t('staff.inquiries.type')}>
        <select id="inquiry-type" name="type" defaultValue={form.type}>
          <option value="">{t('staff.inquiries.anyType')}</option>
          {options.types.map((type) => (
            <option key={type} value={type}>
              {t(`units.contact.types.${type}`)}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="inquiry-lang" label={t('staff.inquiries.lang')}>
        <select id="inquiry-lang" name="lang" defaultValue={form.lang}>
          <option value="">{t('staff.inquiries.anyLang')}</option>
          {options.languages.map((l) => (
            <option key={l.code} value={l.code} lang={l.code}>
              {l.name}
            </option>
          ))}
        </select>
      </FilterField>
      <FilterField id="inquiry-from" label={t('staff.inquiries.from')}>
        <input id="inquiry-from" name="from" type="date" defaultValue={form.from} />
      </FilterField>
      <FilterField id="inquiry-to" label={t('staff.inquiries.to')}>
        <input id="inquiry-to" name="to" type="date" defaultValue={form.to} />
      </FilterField>
      <p className="form-actions">
        <button type="submit" className="button button--primary">
          {t('staff.inquiries.apply')}
        </button>
        <a className="button button--secondary" href={STAFF_PATHS.inquiries}>
          {t('staff.inquiries.clear')}
        </a>
      </p>
    </form>
  )
}
