import { LOCALES } from '../../i18n/locales'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'

/**
 * The staff area's language: before sign-in, the same page with ?lang= (a GET changes nothing);
 * a signed-in staff member's choice is kept with their account (the form of the user menu).
 */
export function LanguageLinks() {
  const { locale, t } = useI18n()
  const { path } = useStaffState()
  return (
    <nav className="lang-switch" aria-label={t('units.language.label')}>
      <ul>
        {LOCALES.map((l) =>
          l.code === locale ? (
            <li key={l.code}>
              <span className="lang-switch__current" lang={l.code} aria-current="true">
                {l.name}
              </span>
            </li>
          ) : (
            <li key={l.code}>
              <a href={`${path}?lang=${l.code}`} hrefLang={l.hreflang} lang={l.code} data-locale={l.code} title={t('units.language.switchTo', { name: l.name })}>
                {l.name}
              </a>
            </li>
          ),
        )}
      </ul>
    </nav>
  )
}
