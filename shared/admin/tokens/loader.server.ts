import { loadTokens, tokensAction } from '../../../server/staff/http/admin-tokens'
import type { StaffActionContext, StaffAnswer, StaffLoaderContext } from '../types'
import type { TokensData } from './page-data'

export function loadTokensPage({ req }: StaffLoaderContext): Promise<TokensData> {
  return loadTokens(req)
}

export function tokensPageAction({ req, body }: StaffActionContext): Promise<StaffAnswer<TokensData>> {
  return tokensAction(req, body)
}
