import { formAction, staffRoute } from '../define'
import { TokensPage } from './tokens-page'
import type { TokensData } from './page-data'
import { loadTokensPage } from './loader.server'
import { createToken, revokeToken } from './action.server'

/** Personal access tokens for the staff JSON API (admins only): create (shown once; a factor proved in the last 5 minutes), list, revoke. */
export const tokensRoute = staffRoute<TokensData>({
  id: 'tokens',
  Component: TokensPage,
  access: ['admin'],
  titleKey: 'staff.tokens.title',
  navKey: 'staff.nav.tokens',
  loader: loadTokensPage,
  actions: [
    formAction({ intent: 'create', fields: ['name', 'role', 'days'], recent: true, handle: createToken }),
    formAction({ intent: 'revoke', fields: ['token', 'confirmed'], handle: revokeToken }),
  ],
})
