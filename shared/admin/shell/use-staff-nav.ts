import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import type { StaffPathId } from '../paths'

export interface StaffNavEntry {
  id: StaffPathId
  path: string
  label: string
  /** 'page' for the page itself, 'true' for a page under it. */
  current: 'page' | 'true' | undefined
}

/** The left navigation's entries (the server chose them for the role: shared/admin/routes.ts staffNavFor), labelled. */
export function useStaffNav(): StaffNavEntry[] {
  const { t } = useI18n()
  const { nav, path } = useStaffState()
  return nav.map((entry) => ({
    id: entry.id,
    path: entry.path,
    label: t(entry.labelKey),
    current: path === entry.path ? 'page' : path.startsWith(`${entry.path}/`) ? 'true' : undefined,
  }))
}
