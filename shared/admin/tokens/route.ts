import { staffRoute } from '../define'
import { TokensPage } from './tokens-page'
import type { TokensData } from './page-data'
import { loadTokensPage, tokensPageAction } from './loader.server'

/** Personal access tokens for the staff JSON API (admins only): create (shown once), list, revoke. */
export const tokensRoute = staffRoute<TokensData>({
  id: 'tokens',
  Component: TokensPage,
  access: ['admin'],
  titleKey: 'staff.tokens.title',
  navKey: 'staff.nav.tokens',
  loader: loadTokensPage,
  action: tokensPageAction,
  /** Creating a token needs a factor proved in the last 5 minutes. */
  recent: (body) => body.op === 'create',
})
