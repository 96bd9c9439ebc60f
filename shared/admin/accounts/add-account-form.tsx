import { Field } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import { PostFormSection, RoleOptions } from '../staff-form'
import type { AccountsData } from './page-data'

/** Adds an account: email, name, role; the answer shows its one-time enrolment link. */
export function AddAccountForm({ data }: { data: AccountsData }) {
  const { t } = useI18n()
  const error = (field: 'email' | 'role' | 'name') => (data.errors[field] ? t(`staff.accounts.errors.${data.errors[field]}`) : undefined)
  return (
    <PostFormSection headingId="add-account-heading" heading={t('staff.accounts.add.heading')} form="add-account" op="add" submit={t('staff.accounts.add.submit')}>
      <Field id="account-email" name="email" label={t('staff.accounts.email')} error={error('email')} required>
        {(control) => <input {...control} type="email" autoComplete="off" defaultValue={data.form.email} maxLength={254} />}
      </Field>
      <Field id="account-name" name="name" label={t('staff.accounts.name')} error={error('name')} required={false}>
        {(control) => <input {...control} type="text" autoComplete="off" defaultValue={data.form.name} maxLength={100} />}
      </Field>
      <Field id="account-role" name="role" label={t('staff.accounts.role')} error={error('role')} required>
        {(control) => (
          <select {...control} defaultValue={data.form.role}>
            <RoleOptions />
          </select>
        )}
      </Field>
    </PostFormSection>
  )
}
