import type { ConfirmWords } from '../confirm/store'
import { useI18n } from '../i18n/context'
import { useStaffState } from './context'

/** A step's notice: red for one that destroys or takes away. */
const noticeClass = (words: ConfirmWords) => `staff-notice${words.tone === 'danger' ? ' staff-notice--error' : ''} staff-confirm`

/**
 * The confirmation step the server renders without JavaScript, in the same words as the dialog: the
 * question, what follows, then Cancel (a link back) first and the step's button second, neither
 * focused. Its form sends `fields` again with `confirmed=1`; `name` marks it (`data-confirm`).
 */
export function ConfirmStep({ name, words, action, fields, cancel, heading = 'h2' }: { name: string; words: ConfirmWords; action: string; fields: Record<string, string>; cancel: string; heading?: 'h2' | 'h4' }) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  const Heading = heading
  return (
    <section className={noticeClass(words)} role="alertdialog" aria-labelledby="confirm-step-title" aria-describedby="confirm-step-text" data-confirm={name}>
      <Heading id="confirm-step-title">{words.title}</Heading>
      <p id="confirm-step-text">{words.text}</p>
      <form method="post" action={action} className="form-actions">
        <input type="hidden" name="_csrf" value={csrf} />
        {Object.entries(fields).map(([field, value]) => (
          <input key={field} type="hidden" name={field} value={value} />
        ))}
        <input type="hidden" name="confirmed" value="1" />
        <a className="button button--secondary" href={cancel}>
          {t('units.confirmDialog.cancel')}
        </a>
        <button type="submit" className={`button button--${words.tone}`}>
          {words.action}
        </button>
      </form>
    </section>
  )
}

/**
 * The confirmation step inside a form the server sent back as it was typed (the content editor's):
 * the same words as the dialog, and that pressing `button` again does it (the form now carries `confirmed=1`).
 */
export function ConfirmAgain({ name, words, button }: { name: string; words: ConfirmWords; button: string }) {
  const { t } = useI18n()
  return (
    <div className={noticeClass(words)} role="alert" data-confirm={name}>
      <p>
        <strong>{words.title}</strong>
      </p>
      <p>{words.text}</p>
      <p>{t('staff.confirmStep.again', { button })}</p>
    </div>
  )
}
