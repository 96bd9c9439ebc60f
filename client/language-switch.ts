import { isLocale } from '../shared/i18n/locales'
import { loadMessages } from './messages'

/**
 * With JavaScript, the language switch (plain links to /_locale/{code}?to=...) first loads the
 * target language's messages (so the next page renders from the HTTP cache), then follows the
 * link: the endpoint writes the locale cookie (the one writer, so its attributes follow the
 * server's configuration: SameSite, Secure) and redirects to the page in that language. A failed
 * load is logged and the switch goes on. Anything but a supported code on this origin is left
 * to the browser.
 */
export function enhanceLanguageSwitch(buildId: string): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    const link = (event.target as Element | null)?.closest?.('a[data-locale]')
    if (!(link instanceof HTMLAnchorElement)) return
    const code = link.dataset.locale
    const url = new URL(link.href)
    if (!isLocale(code) || url.origin !== location.origin || url.pathname !== `/_locale/${code}`) return
    event.preventDefault()
    void (async () => {
      await loadMessages(buildId, code) // logs 'Failed to load messages for locale' and answers null on failure
      location.assign(url.href)
    })()
  })
}
