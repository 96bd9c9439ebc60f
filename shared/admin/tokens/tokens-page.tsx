import { useI18n } from '../../i18n/context'
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

/** A revocation form: with `confirmed` empty (a row: the dialog or the confirmation step) or '1' (the step itself). */
function RevokeForm({ id, confirmed, children }: { id: string; confirmed: '' | '1'; children: React.ReactNode }) {
  const { csrf, path } = useStaffState()
  return (
    <form method="post" action={path} data-op="revoke" className={confirmed ? 'form-actions' : undefined}>
      <input type="hidden" name="_csrf" value={csrf} />
      <input type="hidden" name="op" value="revoke" />
      <input type="hidden" name="token" value={id} />
      <input type="hidden" name="confirmed" value={confirmed} />
      {children}
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
          {row.state === 'active' ? (
            <RevokeForm id={row.id} confirmed="">
              <ConfirmSubmit kind="delete">{label('revoke')}</ConfirmSubmit>
            </RevokeForm>
          ) : null}
        </div>
      </td>
    </tr>
  )
}

/** Personal access tokens: the secret once, the confirmation step, the list, the create form. */
export function TokensPage({ data }: StaffPageProps<TokensData>) {
  const { t } = useI18n()
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
        <section className="staff-notice staff-notice--error" role="alertdialog" aria-labelledby="confirm-step-title" data-confirm="revoke">
          <h2 id="confirm-step-title">{t('staff.tokens.confirm.title')}</h2>
          <p>{t('staff.tokens.confirm.text', { name: inertText(data.confirm.name) })}</p>
          <RevokeForm id={data.confirm.id} confirmed="1">
            <a className="button button--secondary" href={STAFF_PATHS.tokens}>
              {t('units.confirmDialog.cancel')}
            </a>
            <button type="submit" className="button button--danger">
              {t('staff.tokens.revoke')}
            </button>
          </RevokeForm>
        </section>
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
