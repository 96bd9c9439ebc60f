import type { ReactNode } from 'react'
import { useI18n } from '../../i18n/context'
import { ToastRegion } from '../../components/toast-region'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { STAFF_PATHS } from '../paths'
import { StaffMark } from './staff-mark'
import { StaffNav } from './staff-nav'
import { UserMenu } from './user-menu'

/** The staff pages' frame: a narrow header (mark, '管理画面', the user menu), the left navigation, the page. */
export function StaffShell({ children }: { children: ReactNode }) {
  const { t } = useI18n()
  return (
    <div className="staff" data-layout="staff">
      <a className="skip-link" href="#main">
        {t('units.a11y.skipToContent')}
      </a>
      <header className="staff-header">
        <a className="staff-logo" href={STAFF_PATHS.home}>
          <StaffMark size={24} />
          <span>{t('staff.shell.name')}</span>
        </a>
        <UserMenu />
      </header>
      <div className="staff-body">
        <StaffNav />
        <main id="main" tabIndex={-1} className="staff-main">
          {children}
        </main>
      </div>
      <ToastRegion />
      <ConfirmDialog />
    </div>
  )
}

/** The centred narrow card of the pages before a session (sign-in, enrolment) and of the gate's refusal. */
export function StaffCard({ children }: { children: ReactNode }) {
  return (
    <div className="staff staff--bare" data-layout="staff-card">
      <main id="main" tabIndex={-1} className="staff-card">
        {children}
      </main>
      <ToastRegion />
    </div>
  )
}
