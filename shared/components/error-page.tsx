import { useI18n } from '../i18n/context'
import { errorTitleKey, type PageError } from '../page-state'
import { AppLink } from './app-link'
import { PATHS } from '../paths'

/**
 * Status code, status message, translated title and description, and Back to the
 * localised index. Other codes show only the code and the status message.
 */
export function ErrorPage({ error }: { error: PageError }) {
  const { t } = useI18n()
  const key = errorTitleKey(error.statusCode)
  return (
    <section className="error-page" aria-labelledby="page-title">
      <p className="error-page__code" aria-hidden="true">
        {error.statusCode}
      </p>
      {key ? (
        <>
          <h1 className="error-page__title" id="page-title">
            {t(`${key}.title`)}
          </h1>
          <p className="error-page__description">{t(`${key}.description`)}</p>
          <p className="error-page__message" lang="en">
            <span className="visually-hidden">{error.statusCode} </span>
            {error.statusMessage}
          </p>
        </>
      ) : (
        <h1 className="error-page__title error-page__message" id="page-title" lang="en">
          <span className="visually-hidden">{error.statusCode} </span>
          {error.statusMessage}
        </h1>
      )}
      <AppLink to={PATHS.home} className="button button--primary error-page__back">
        {t('units.error.back')}
      </AppLink>
    </section>
  )
}
