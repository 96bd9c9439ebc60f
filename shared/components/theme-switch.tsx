import { useEffect, useState } from 'react'
import { useI18n } from '../i18n/context'
import { applyTheme, readTheme, THEMES, type Theme } from '../theme'

/**
 * Auto / Light / Dark. Needs JavaScript, so the server renders it hidden and the browser shows it
 * once hydrated; without JavaScript the system preference rules.
 */
export function ThemeSwitch() {
  const { t } = useI18n()
  const [choice, setChoice] = useState<Theme | null>(null)
  useEffect(() => setChoice(readTheme()), [])
  return (
    <div className="theme-switch" role="group" aria-label={t('units.theme.label')} hidden={choice === null}>
      {THEMES.map((theme) => (
        <button
          key={theme}
          type="button"
          className="theme-switch__option"
          aria-pressed={choice === theme}
          data-theme-option={theme}
          onClick={() => {
            applyTheme(theme)
            setChoice(theme)
          }}
        >
          {t(`units.theme.${theme}`)}
        </button>
      ))}
    </div>
  )
}
