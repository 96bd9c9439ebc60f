import { isLocale, LOCALE_COOKIE } from '../shared/i18n/locales'
import { loadMessages } from './messages'

/**
 * With JavaScript, the language switch (plain links to /_locale/{code}?to=...) first loads the
 * target language's messages (so the next page renders from the HTTP cache), writes the locale
 * cookie itself, then goes to the page in that language. A failed load is logged and the switch
 * goes on. Only supported codes are accepted; anything else falls back to the plain link.
 */
export function enhanceLanguageSwitch(buildId: string): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = (event.target as Element | null)?.closest?.('a[data-locale]')
    if (!(link instanceof HTMLAnchorElement)) return
    const code = link.dataset.locale
    const url = new URL(link.href)
    const target = url.searchParams.get('to')
    if (!isLocale(code) || url.origin !== location.origin || !target || !/^\/(?![/\\])/.test(target)) return
    event.preventDefault()
    void (async () => {
      await loadMessages(buildId, code) // logs 'Failed to load messages for locale' and answers null on failure
      const secure = location.protocol === 'https:' ? '; Secure' : ''
      document.cookie = `${LOCALE_COOKIE.name}=${code}; Max-Age=${LOCALE_COOKIE.maxAgeSeconds}; Path=${LOCALE_COOKIE.path}; SameSite=Lax${secure}`
      location.assign(target)
    })()
  })
}
