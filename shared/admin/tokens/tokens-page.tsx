import type { ConfirmWords } from '../../confirm/store'
import { useI18n } from '../../i18n/context'
import type { Translate } from '../../i18n/messages'
import { ConfirmStep } from '../confirm-step'
import { ConfirmSubmit } from '../confirm-submit'
import { useStaffState } from '../context'
import { inertText } from '../inert-text'
import { STAFF_PATHS } from '../paths'
import { ShownTimeText } from '../shown-time'
import { TableRegion } from '../table-region'
import type { StaffPageProps } from '../types'
import { Whole } from '../whole'
import { CreateTokenForm } from './create-token-form'
import type { TokenRow, TokensData } from './page-data'
import { INTENT_FIELD } from '../define'

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
      <input type="hidden" name={INTENT_FIELD} value="revoke" />
      <input type="hidden" name="token" value={row.id} />
      <input type="hidden" name="confirmed" value="" />
      <ConfirmSubmit words={words}>{words.action}</ConfirmSubmit>
    </form>
  )
}

/** Who made a token: their name over their email, or that the account is unknown. */
function Creator({ creator }: { creator: TokenRow['creator'] }) {
  const { t } = useI18n()
  if (!creator) return <span className="staff-muted">{t('staff.tokens.unknownCreator')}</span>
  return (
    <>
      {creator.name ? <Whole>{inertText(creator.name)}</Whole> : null}
      <Whole>{inertText(creator.email)}</Whole>
    </>
  )
}

/** One token in five columns that fit a small laptop: name over role, when and by whom it was made, expiry, last use, state beside its revocation. */
function Row({ row }: { row: TokenRow }) {
  const { t } = useI18n()
  const label = (key: string) => t(`staff.tokens.${key}`)
  return (
    <tr data-token-state={row.state}>
      <td data-label={label('nameRole')}>
        <div className="staff-table__lines">
          <span>{inertText(row.name)}</span>
          <span>{t(`staff.roles.${row.role}`)}</span>
        </div>
      </td>
      <td data-label={label('createdBy')} data-token-creator={row.creator?.email ?? ''}>
        <div className="staff-table__lines">
          <ShownTimeText time={row.created} />
          <Creator creator={row.creator} />
        </div>
      </td>
      <td data-label={label('expires')}>
        <ShownTimeText time={row.expires} />
      </td>
      <td data-label={label('lastUsed')}>
        <div>{row.lastUsed ? <ShownTimeText time={row.lastUsed} /> : label('never')}</div>
      </td>
      <td data-label={label('state')}>
        <div className="staff-row-actions">
          <span>{t(`staff.tokens.states.${row.state}`)}</span>
          {row.state === 'active' ? <RevokeForm row={row} /> : null}
        </div>
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
        <ConfirmStep name="revoke" words={revokeWords(t, data.confirm.name)} action={path} fields={{ [INTENT_FIELD]: 'revoke', token: data.confirm.id }} cancel={STAFF_PATHS.tokens} />
      ) : null}
      <TableRegion labelledBy="tokens-caption" cards>
        <table className="staff-table" data-tokens="">
          <caption id="tokens-caption" className="visually-hidden">
            {t('staff.tokens.title')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('staff.tokens.nameRole')}</th>
              <th scope="col">{t('staff.tokens.createdBy')}</th>
              <th scope="col">{t('staff.tokens.expires')}</th>
              <th scope="col">{t('staff.tokens.lastUsed')}</th>
              <th scope="col">{t('staff.tokens.state')}</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((row) => (
              <Row key={row.id} row={row} />
            ))}
          </tbody>
        </table>
      </TableRegion>
      <CreateTokenForm data={data} />
    </>
  )
}
