import { renderToString } from 'react-dom/server'
import { StaticRouter } from 'react-router'
import { StaffApp, staffPageTitle } from '../../../shared/admin/app'
import type { StaffPageState } from '../../../shared/admin/state'
import type { Locale } from '../../../shared/i18n/locales'
import type { BuildManifest } from '../../render/manifest'
import { staffMessagesScript, staffTranslators } from '../../i18n/staff-catalog'
import { staffDocument } from './document'

export interface StaffRendererDeps {
  manifest: BuildManifest
  onMissingMessage: (key: string, locale: Locale, reason: string) => void
}

/** Renders a staff page's whole document from its state (small pages, per request: no streaming, no cache). */
export type StaffRenderer = (state: StaffPageState) => string

/**
 * The staff area's renderer: the same React tree the browser hydrates (shared/admin/app.tsx) inside
 * a StaticRouter, with the staff shell instead of the public layout.
 */
export function createStaffRenderer({ manifest, onMissingMessage }: StaffRendererDeps): StaffRenderer {
  const translators = staffTranslators(onMissingMessage)
  return (state) => {
    const t = translators[state.locale]
    const body = renderToString(
      <StaticRouter location={state.path}>
        <StaffApp state={state} t={t} />
      </StaticRouter>,
    )
    return staffDocument({ title: staffPageTitle(state, t), state, body, messages: staffMessagesScript(state.locale), manifest })
  }
}
