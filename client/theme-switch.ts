import { applyTheme, readTheme, THEME_STORAGE_KEY, THEMES, type Theme } from '../shared/theme'

/**
 * The theme switch (Auto / Light / Dark) without React: the server renders it hidden (it needs JavaScript),
 * this shows it and keeps its pressed button, in the header and in the phone menu alike. A choice made in
 * another tab, or on a page the visitor comes Back to from the back/forward cache, is applied too.
 */
export function enableThemeSwitch(doc: Document = document): void {
  const sync = () => {
    const choice = readTheme()
    for (const group of doc.querySelectorAll<HTMLElement>('.theme-switch')) {
      group.hidden = false
      for (const button of group.querySelectorAll<HTMLElement>('[data-theme-option]')) {
        button.setAttribute('aria-pressed', String(button.dataset.themeOption === choice))
      }
    }
  }
  const reapply = () => {
    applyTheme(readTheme())
    sync()
  }
  sync()
  doc.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>('.theme-switch [data-theme-option]')
    const theme = button?.dataset.themeOption as Theme | undefined
    if (!theme || !THEMES.includes(theme)) return
    applyTheme(theme)
    sync()
  })
  window.addEventListener('storage', (event) => {
    if (event.key === THEME_STORAGE_KEY || event.key === null) reapply()
  })
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) reapply()
  })
}
