import type { ReactNode } from 'react'
import { useI18n } from '../i18n/context'
import { useStaffState } from './context'
import { STAFF_ROLES } from './roles'
import { INTENT_FIELD } from './define'

/**
 * A section of a staff page with its heading and a form POSTed to the page itself: the session's token,
 * the operation, the fields, one submit button.
 */
export function PostFormSection(props: { headingId: string; heading: string; form: string; op: string; submit: string; children: ReactNode }) {
  const { csrf, path } = useStaffState()
  return (
    <section className="staff-section" aria-labelledby={props.headingId}>
      <h2 id={props.headingId}>{props.heading}</h2>
      <form method="post" action={path} className="staff-form" data-form={props.form}>
        <input type="hidden" name="_csrf" value={csrf} />
        <input type="hidden" name={INTENT_FIELD} value={props.op} />
        {props.children}
        <div className="form-actions">
          <button type="submit" className="button button--primary">
            {props.submit}
          </button>
        </div>
      </form>
    </section>
  )
}

/** The options of a role select: every staff role, by its name in the page's language. */
export function RoleOptions() {
  const { t } = useI18n()
  return STAFF_ROLES.map((role) => (
    <option key={role} value={role}>
      {t(`staff.roles.${role}`)}
    </option>
  ))
}
