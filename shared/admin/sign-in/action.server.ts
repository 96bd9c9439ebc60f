import { passwordSignIn } from '../../../server/staff/http/sign-in'
import type { StaffActionContext, StaffAnswer } from '../types'
import type { SignInData } from './page-data'

/** POST /admin/sign-in: address, password and code (server/staff/http/sign-in.ts). */
export function signInAction({ req, reply, body }: StaffActionContext): Promise<StaffAnswer<SignInData>> {
  return passwordSignIn(req, reply, body)
}
