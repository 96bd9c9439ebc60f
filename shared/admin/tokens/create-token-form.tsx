import { Field } from '../../components/form-field'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { STAFF_ROLES } from '../roles'
import type { TokensData } from './page-data'

/** Creates a token: a name, a role, how many days it lasts (at most a year). */
export function CreateTokenForm({ data }: { data: TokensData }) {
  const { t } = useI18n()
  const { csrf, path } = useStaffState()
  const error = (field: 'name' | 'role' | 'days') => (data.errors[field] ? t(`staff.tokens.errors.${data.errors[field]}`) : undefined)
  return (
    <section className="staff-section" aria-labelledby="create-token-heading">
      <h2 id="create-token-heading">{t('staff.tokens.createHeading')}</h2>
      <form method="post" action={path} className="staff-form" data-form="create-token">
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name="op" value="create" />
        <Field id="token-name" name="name" label={t('staff.tokens.name')} error={error('name')} required>
          {(control) => <input {...control} type="text" autoComplete="off" defaultValue={data.form.name} maxLength={100} />}
        </Field>
        <Field id="token-role" name="role" label={t('staff.tokens.role')} error={error('role')} required>
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
        <Field id="token-days" name="days" label={t('staff.tokens.days')} error={error('days')} required>
          {(control) => <input {...control} type="number" min={1} max={365} step={1} inputMode="numeric" className="input--short" defaultValue={data.form.days} />}
        </Field>
        <div className="form-actions">
          <button type="submit" className="button button--primary">
            {t('staff.tokens.create')}
          </button>
        </div>
      </form>
    </section>
  )
}
