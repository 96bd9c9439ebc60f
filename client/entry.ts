import { confirm } from '../shared/confirm/store'
import { toast } from '../shared/toast'
import { watchDevBuild } from './build-watch'
import { hydrateWhenNeeded } from './hydrate'
import { enableRipple } from './ripple'
import { enableThemeSwitch } from './theme-switch'

/**
 * The start-up script of every public page, the only code that runs before the visitor does anything
 * (decision 0017): it shows the theme switch, draws the buttons' ripple, offers `window.site`, and hydrates
 * the page with React only where and when that is needed (client/hydrate.ts). Links are plain links; the
 * document's speculation rules fetch or prerender the next page before it is followed.
 */
declare global {
  interface Window {
    /** The client runtime's public handle (for integrations and tests): `site.toast.add({...})`, `await site.confirm('delete')`. */
    site?: { toast: typeof toast; confirm: typeof confirm }
  }
}
window.site = { toast, confirm }
enableThemeSwitch()
enableRipple()
hydrateWhenNeeded()
if (process.env.NODE_ENV === 'development') watchDevBuild()
document.documentElement.dataset.enhanced = 'true'
