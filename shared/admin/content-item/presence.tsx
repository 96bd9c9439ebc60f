import { useEffect, useState } from 'react'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { staffHref } from '../paths'
import { PRESENCE_BEAT_MS } from './page-data'
import { inertText } from '../inert-text'

/**
 * "Also editing: <names>": who else has this item open, as the server knew at page load (works
 * without JavaScript), then kept fresh by the page's heartbeat to contentPresence every 20 s.
 */
export function Presence({ kind, slug, initial }: { kind: string; slug: string; initial: string[] }) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  const [others, setOthers] = useState(initial)
  useEffect(() => {
    if (!slug) return
    const url = staffHref('contentPresence', { kind, slug })
    const beat = () =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-csrf-token': csrf }, body: '{}', credentials: 'same-origin' })
        .then((res) => (res.ok ? (res.json() as Promise<{ others?: unknown }>) : null))
        .then((body) => {
          if (body && Array.isArray(body.others)) setOthers(body.others.filter((n): n is string => typeof n === 'string'))
        })
        .catch(() => undefined)
    const timer = setInterval(beat, PRESENCE_BEAT_MS)
    return () => clearInterval(timer)
  }, [kind, slug, csrf])
  return (
    <div aria-live="polite" data-presence="">
      {others.length ? (
        <p className="staff-notice content-presence">{t('staff.content.item.presence', { names: others.map(inertText).join(t('staff.content.item.nameSeparator')) })}</p>
      ) : null}
    </div>
  )
}
