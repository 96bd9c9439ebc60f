import { useI18n } from '../i18n/context'
import { THEMES } from '../theme'

/**
 * Auto / Light / Dark. Needs JavaScript, so it is rendered hidden; the browser's small start-up script
 * (client/theme-switch.ts) shows it, marks the pressed choice and applies what the visitor picks. Without
 * JavaScript the system preference rules. Rendered the same by the server and by a hydrating page: React
 * never owns its state, so hydration leaves what the start-up script set.
 */
export function ThemeSwitch() {
  const { t } = useI18n()
  return (
    <div className="theme-switch" role="group" aria-label={t('units.theme.label')} hidden suppressHydrationWarning>
      {THEMES.map((theme) => (
        <button key={theme} type="button" className="theme-switch__option" aria-pressed="false" data-theme-option={theme} suppressHydrationWarning>
          {t(`units.theme.${theme}`)}
        </button>
      ))}
    </div>
  )
}
