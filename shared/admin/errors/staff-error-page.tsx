import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { STAFF_PATHS } from '../paths'
import type { StaffError } from '../state'
import { StaffMark } from '../shell/staff-mark'

/** A staff page that cannot be shown, and why: the gate's refusal (not HTTPS), a role without access, no such page… */
export function StaffErrorPage({ error }: { error: StaffError }) {
  const { t } = useI18n()
  const { viewer } = useStaffState()
  const key = `staff.errors.${error.reason}`
  return (
    <div className="staff-error" data-status={error.statusCode} data-reason={error.reason}>
      {viewer ? null : <StaffMark size={40} />}
      <h1 className="staff-title">{t(`${key}.title`)}</h1>
      <p>{t(`${key}.text`)}</p>
      {error.reason === 'insecure' ? null : (
        <p>
          <a href={viewer ? STAFF_PATHS.home : STAFF_PATHS.signIn}>{t(viewer ? 'staff.errors.toHome' : 'staff.errors.toSignIn')}</a>
        </p>
      )}
    </div>
  )
}
