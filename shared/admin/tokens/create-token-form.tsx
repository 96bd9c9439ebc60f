import { Field } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import { PostFormSection, RoleOptions } from '../staff-form'
import type { TokensData } from './page-data'

/** Creates a token: a name, a role, how many days it lasts (at most a year). */
export function CreateTokenForm({ data }: { data: TokensData }) {
  const { t } = useI18n()
  const error = (field: 'name' | 'role' | 'days') => (data.errors[field] ? t(`staff.tokens.errors.${data.errors[field]}`) : undefined)
  return (
    <PostFormSection headingId="create-token-heading" heading={t('staff.tokens.createHeading')} form="create-token" op="create" submit={t('staff.tokens.create')}>
      <Field id="token-name" name="name" label={t('staff.tokens.name')} error={error('name')} required>
        {(control) => <input {...control} type="text" autoComplete="off" defaultValue={data.form.name} maxLength={100} />}
      </Field>
      <Field id="token-role" name="role" label={t('staff.tokens.role')} error={error('role')} required>
        {(control) => (
          <select {...control} defaultValue={data.form.role}>
            <RoleOptions />
          </select>
        )}
      </Field>
      <Field id="token-days" name="days" label={t('staff.tokens.days')} error={error('days')} required>
        {(control) => <input {...control} type="number" min={1} max={365} step={1} inputMode="numeric" className="input--short" defaultValue={data.form.days} />}
      </Field>
    </PostFormSection>
  )
}
