import { useState } from 'react'
import { LOCALE_CODES, type Locale } from '../../i18n/locales'
import { useI18n } from '../../i18n/context'
import { useStaffState } from '../context'
import { ConfirmAgain } from '../confirm-step'
import { ConfirmSubmit } from '../confirm-submit'
import { staffHref } from '../paths'
import { deleteWords, publishWords } from './confirm-words'
import { hasPublication } from './fields'
import type { ContentItemData, PublishAction } from './page-data'

/**
 * The publish form of one language: draft, publish now, or (news) at a Japan-time date and time. The
 * choice and the time are followed as they change, so the confirmation says what this language becomes and when.
 */
function LanguagePublish({ data, locale }: { data: ContentItemData; locale: Locale }) {
  const { t } = useI18n()
  const { csrf } = useStaffState()
  const state = data.states[locale] ?? 'missing'
  const asked = data.confirm?.action === 'publish' && data.confirm.locale === locale ? data.confirm : null
  const [what, setWhat] = useState<PublishAction>(asked?.what ?? 'publish')
  const [at, setAt] = useState(asked?.at ?? '')
  const words = publishWords(t, data, locale, what, at)
  const id = (s: string) => `publish-${locale}-${s}`
  const actions: readonly PublishAction[] = data.kind === 'news' ? ['publish', 'schedule', 'draft'] : ['publish', 'draft']
  return (
    <form method="post" action={staffHref('contentPublish', { kind: data.kind, slug: data.slug })} className="content-publish__lang" data-form={`publish-${locale}`}>
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="locale" value={locale} />
      <input type="hidden" name="confirmed" value={asked ? '1' : ''} />
      <h3>
        {t(`staff.content.item.languages.${locale}`)} <span className={`badge content-state content-state--${state}`}>{t(`staff.content.list.states.${state}`)}</span>
      </h3>
      {state === 'missing' ? (
        <p>{t('staff.content.publish.missing')}</p>
      ) : (
        <>
          <fieldset className="content-publish__choices">
            <legend>{t('staff.content.publish.legend')}</legend>
            {actions.map((a) => (
              <div className="field__inline" key={a}>
                <input type="radio" id={id(a)} name="action" value={a} checked={what === a} onChange={() => setWhat(a)} />
                <label htmlFor={id(a)}>{t(`staff.content.publish.actions.${a}`)}</label>
              </div>
            ))}
          </fieldset>
          {data.kind === 'news' ? (
            <div className="field">
              <label className="field__label" htmlFor={id('at')}>
                {t('staff.content.publish.at')}
              </label>
              <input id={id('at')} name="at" type="datetime-local" value={at} onChange={(e) => setAt(e.currentTarget.value)} />
            </div>
          ) : null}
          {asked ? <ConfirmAgain name="publish" words={words} button={t('staff.content.publish.submit')} /> : null}
          <ConfirmSubmit words={words}>{t('staff.content.publish.submit')}</ConfirmSubmit>
        </>
      )}
    </form>
  )
}

/** Publication per language (news and projects), and deleting the item (news, projects, pages). */
export function PublishPanel({ data }: { data: ContentItemData }) {
  const { t, locale } = useI18n()
  const { csrf } = useStaffState()
  if (data.isNew) return null
  const error = data.publishError ? <p className="staff-notice staff-notice--error">{t(`staff.content.publish.errors.${data.publishError}`)}</p> : null
  return (
    <>
      {hasPublication(data.kind) ? (
        <section className="staff-section content-publish" aria-labelledby="publish-heading">
          <h2 id="publish-heading">{t('staff.content.publish.heading')}</h2>
          {error}
          <p className="field__hint">{t(data.kind === 'news' ? 'staff.content.publish.hintNews' : 'staff.content.publish.hintProjects')}</p>
          <div className="content-publish__langs">
            {LOCALE_CODES.map((l) => (
              <LanguagePublish key={l} data={data} locale={l} />
            ))}
          </div>
        </section>
      ) : null}
      {data.kind !== 'site' && !data.builtIn ? (
        <section className="staff-section content-delete" aria-labelledby="delete-heading">
          <h2 id="delete-heading">{t('staff.content.item.deleteHeading')}</h2>
          <form method="post" action={staffHref('contentDelete', { kind: data.kind, slug: data.slug })} data-form="delete">
            <input type="hidden" name="_csrf" value={csrf} />
            <input type="hidden" name="base" value={data.base} />
            <input type="hidden" name="confirmed" value={data.confirm?.action === 'delete' ? '1' : ''} />
            {data.confirm?.action === 'delete' ? <ConfirmAgain name="delete" words={deleteWords(t, locale, data)} button={t('staff.content.item.delete')} /> : <p>{t('staff.content.item.deleteHint')}</p>}
            <ConfirmSubmit words={deleteWords(t, locale, data)}>{t('staff.content.item.delete')}</ConfirmSubmit>
          </form>
        </section>
      ) : null}
    </>
  )
}
