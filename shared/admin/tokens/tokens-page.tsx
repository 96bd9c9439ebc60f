import type { ConfirmWords } from '../../confirm/store'
import { useI18n } from '../../i18n/context'
import type { Translate } from '../../i18n/messages'
import { ConfirmStep } from '../confirm-step'
import { ConfirmSubmit } from '../confirm-submit'
import { useStaffState } from '../context'
import { inertText } from '../inert-text'
import { STAFF_PATHS } from '../paths'
import { ShownTimeText } from '../shown-time'
import type { StaffPageProps } from '../types'
import { CreateTokenForm } from './create-token-form'
import type { TokenRow, TokensData } from './page-data'

/** What a revocation's confirmation says (the row's dialog and the step without JavaScript): which token, and that its integrations stop. */
function revokeWords(t: Translate, name: string): ConfirmWords {
  return { title: t('staff.tokens.confirm.title', { name: inertText(name) }), text: t('staff.tokens.confirm.text'), action: t('staff.tokens.revoke'), tone: 'danger' }
}

/** A row's revocation form: `confirmed` empty (the dialog, or the confirmation step without JavaScript). */
function RevokeForm({ row }: { row: TokenRow }) {
  const { t } = useI18n()
  const { csrf, path } = useStaffState()
  const words = revokeWords(t, row.name)
  return (
    <form method="post" action={path} data-op="revoke">
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="op" value="revoke" />
      <input type="hidden" name="token" value={row.id} />
      <input type="hidden" name="confirmed" value="" />
      <ConfirmSubmit words={words}>{words.action}</ConfirmSubmit>
    </form>
  )
}

/** Who made a token: their name and email, or that the account is unknown. */
function Creator({ creator }: { creator: TokenRow['creator'] }) {
  const { t } = useI18n()
  if (!creator) return <span className="staff-muted">{t('staff.tokens.unknownCreator')}</span>
  return (
    <>
      {creator.name ? <>{inertText(creator.name)} </> : null}
      <span className="staff-muted">{inertText(creator.email)}</span>
    </>
  )
}

function Row({ row }: { row: TokenRow }) {
  const { t } = useI18n()
  return (
    <tr data-token-state={row.state}>
      <td>{inertText(row.name)}</td>
      <td>{t(`staff.roles.${row.role}`)}</td>
      <td data-token-creator={row.creator?.email ?? ''}>
        <Creator creator={row.creator} />
      </td>
      <td>
        <ShownTimeText time={row.created} />
      </td>
      <td>
        <ShownTimeText time={row.expires} />
      </td>
      <td>{row.lastUsed ? <ShownTimeText time={row.lastUsed} /> : t('staff.tokens.never')}</td>
      <td>{t(`staff.tokens.states.${row.state}`)}</td>
      <td>
        {row.state === 'active' ? <RevokeForm row={row} /> : null}
      </td>
    </tr>
  )
}

/** Personal access tokens: the secret once, the confirmation step, the list, the create form. */
export function TokensPage({ data }: StaffPageProps<TokensData>) {
  const { t } = useI18n()
  const { path } = useStaffState()
  return (
    <>
      <h1 className="staff-title">{t('staff.tokens.title')}</h1>
      <p className="staff-muted">{t('staff.tokens.intro')}</p>
      {data.notice ? (
        <div className="staff-notice" role="status" data-notice={data.notice}>
          <p>{t(`staff.tokens.notices.${data.notice}`)}</p>
        </div>
      ) : null}
      {data.secret ? (
        <div className="staff-notice" role="note" data-token-secret="">
          <p>{t('staff.tokens.secret.text', { name: inertText(data.secret.name) })}</p>
          <p>
            <label htmlFor="token-secret">{t('staff.tokens.secret.label')}</label>
            <input id="token-secret" className="staff-copy" type="text" readOnly value={data.secret.value} />
          </p>
        </div>
      ) : null}
      {data.confirm ? (
        <ConfirmStep name="revoke" words={revokeWords(t, data.confirm.name)} action={path} fields={{ op: 'revoke', token: data.confirm.id }} cancel={STAFF_PATHS.tokens} />
      ) : null}
      <div className="staff-table-wrap">
        <table className="staff-table" data-tokens="">
          <caption className="visually-hidden">{t('staff.tokens.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('staff.tokens.name')}</th>
              <th scope="col">{t('staff.tokens.role')}</th>
              <th scope="col">{t('staff.tokens.creator')}</th>
              <th scope="col">{t('staff.tokens.created')}</th>
              <th scope="col">{t('staff.tokens.expires')}</th>
              <th scope="col">{t('staff.tokens.lastUsed')}</th>
              <th scope="col">{t('staff.tokens.state')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('staff.tokens.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <Row key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      <CreateTokenForm data={data} />
    </>
  )
}
