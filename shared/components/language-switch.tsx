import { LOCALES } from '../i18n/locales'
import { useI18n } from '../i18n/context'
import { usePageState } from '../page-context'

/** Path of the redirecting endpoint that writes the locale cookie and goes to `to`. */
export function switchHref(code: string, to: string): string {
  return `/_locale/${code}?to=${encodeURIComponent(to)}`
}

/**
 * Plain links (work without JavaScript) to the same page in each language, through the
 * small endpoint that remembers the choice in the i18n_redirected cookie.
 */
export function LanguageSwitch() {
  const { locale, t } = useI18n()
  const { switchTargets } = usePageState()
  return (
    <nav className="lang-switch" aria-label={t('units.language.label')}>
      <ul>
        {LOCALES.map((l) => {
          const target = switchTargets[l.code]
          if (l.code === locale) {
            return (
              <li key={l.code}>
                <span className="lang-switch__current" lang={l.code} aria-current="true">
                  {l.name}
                </span>
              </li>
            )
          }
          if (!target) return null
          return (
            <li key={l.code}>
              <a
                href={switchHref(l.code, target)}
                hrefLang={l.hreflang}
                lang={l.code}
                rel="nofollow"
                data-locale={l.code}
                title={t('units.language.switchTo', { name: l.name })}
              >
                {l.name}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
