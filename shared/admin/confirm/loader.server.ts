import { confirmWithPassword, loadConfirm } from '../../../server/staff/http/confirm'
import type { StaffActionContext, StaffAnswer, StaffLoaderContext } from '../types'
import type { ConfirmData } from './page-data'

export function loadConfirmPage({ req, search }: StaffLoaderContext): Promise<ConfirmData> {
  return loadConfirm(req, search)
}

export function confirmPageAction({ req, reply, body }: StaffActionContext): Promise<StaffAnswer<ConfirmData>> {
  return confirmWithPassword(req, reply, body)
}
