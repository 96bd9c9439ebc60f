import type { ConfirmWords } from '../../confirm/store'
import { useI18n } from '../../i18n/context'
import type { Translate } from '../../i18n/messages'
import { ConfirmSubmit } from '../confirm-submit'
import { useStaffState } from '../context'
import { ShownTimeText } from '../shown-time'
import type { PasskeyRow as Row } from './page-data'
import { INTENT_FIELD } from '../define'

/** What a passkey's removal asks (the row's dialog and the step without JavaScript): which one, and what it no longer does. */
export function removeWords(t: Translate, name: string): ConfirmWords {
  return { title: t('staff.security.confirmRemove.title', { name }), text: t('staff.security.confirmRemove.text'), action: t('staff.security.remove'), tone: 'danger' }
}

/** One passkey: its name (renamed in place), when it was added and last used, and its removal (confirmed first). */
export function PasskeyRow({ row, index }: { row: Row; index: number }) {
  const { t } = useI18n()
  const { csrf, path } = useStaffState()
  const nameId = `passkey-name-${index}`
  const label = (key: string) => t(`staff.security.${key}`)
  return (
    <tr data-passkey-row={row.name}>
      <td data-label={label('name')}>
        <form method="post" action={path} data-op="rename">
          <input type="hidden" name="_csrf" value={csrf} />
          <input type="hidden" name={INTENT_FIELD} value="rename" />
          <input type="hidden" name="passkey" value={row.id} />
          <label className="visually-hidden" htmlFor={nameId}>
            {label('name')}
          </label>
          <input id={nameId} name="name" type="text" defaultValue={row.name} maxLength={60} required autoComplete="off" />{' '}
          <button type="submit" className="button button--secondary">
            {label('rename')}
          </button>
        </form>
      </td>
      <td data-label={label('created')}>
        <ShownTimeText time={row.created} />
      </td>
      <td data-label={label('lastUsed')}>
        <div>{row.lastUsed ? <ShownTimeText time={row.lastUsed} /> : t('staff.accounts.never')}</div>
      </td>
      <td data-label={label('actions')}>
        <form method="post" action={path} data-op="remove">
          <input type="hidden" name="_csrf" value={csrf} />
          <input type="hidden" name={INTENT_FIELD} value="remove" />
          <input type="hidden" name="passkey" value={row.id} />
          <input type="hidden" name="confirmed" value="" />
          <ConfirmSubmit words={removeWords(t, row.name)}>{label('remove')}</ConfirmSubmit>
        </form>
      </td>
    </tr>
  )
}
