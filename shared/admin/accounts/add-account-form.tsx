import { Field } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { STAFF_ROLES } from '../roles'
import type { AccountsData } from './page-data'

/** Adds an account: email, name, role; the answer shows its one-time enrolment link. */
export function AddAccountForm({ data }: { data: AccountsData }) {
  const { t } = useI18n()
  const { csrf, path } = useStaffState()
  const error = (field: 'email' | 'role' | 'name') => (data.errors[field] ? t(`staff.accounts.errors.${data.errors[field]}`) : undefined)
  return (
    <section className="staff-section" aria-labelledby="add-account-heading">
      <h2 id="add-account-heading">{t('staff.accounts.add.heading')}</h2>
      <form method="post" action={path} className="staff-form" data-form="add-account">
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="op" value="add" />
        <Field id="account-email" name="email" label={t('staff.accounts.email')} error={error('email')} required>
          {(control) => <input {...control} type="email" autoComplete="off" defaultValue={data.form.email} maxLength={254} />}
        </Field>
        <Field id="account-name" name="name" label={t('staff.accounts.name')} error={error('name')} required={false}>
          {(control) => <input {...control} type="text" autoComplete="off" defaultValue={data.form.name} maxLength={100} />}
        </Field>
        <Field id="account-role" name="role" label={t('staff.accounts.role')} error={error('role')} required>
          {(control) => (
            <select {...control} defaultValue={data.form.role}>
              {STAFF_ROLES.map((role) => (
                <option key={role} value={role}>
                  {t(`staff.roles.${role}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button--primary">
            {t('staff.accounts.add.submit')}
          </button>
        </div>
      </form>
    </section>
  )
}
