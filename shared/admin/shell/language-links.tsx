import { LOCALES } from '../../i18n/locales'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { STAFF_PATHS } from '../paths'

/**
 * The staff area's language. Before sign-in: the same page with ?lang= (a GET changes nothing).
 * Signed in: a POST that keeps the choice with the account (shared/admin/home/action.server.ts).
 */
export function LanguageLinks() {
  const { locale, t } = useI18n()
  const { path, viewer, csrf } = useStaffState()
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
          ) : viewer ? (
            <li key={l.code}>
              <form method="post" action={STAFF_PATHS.language} className="lang-switch__form">
                <input type="hidden" name="_csrf" value={csrf} />
                <input type="hidden" name="next" value={path} />
                <button type="submit" name="locale" value={l.code} lang={l.code} className="lang-switch__button" title={t('units.language.switchTo', { name: l.name })}>
                  {l.name}
                </button>
              </form>
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
