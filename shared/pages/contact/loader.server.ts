import type { LoaderContext } from '../../routes/types'
import { todayIn } from '../../validation/calendar'
import { freshContactPage, isContactPageData, isReference, type ContactPageData, type ContactSuccessData } from './page-data'

/** The contact page renders what its form hands it (LoaderContext.form); a bare render gets an empty form. */
export function loadContact({ form }: LoaderContext): ContactPageData {
  return isContactPageData(form) ? form : freshContactPage('', todayIn())
}

/** The thank-you page shows the reference number when the URL carries a well-formed one. */
export function loadContactSuccess({ search }: LoaderContext): ContactSuccessData {
  const ref = search.get('ref')
  return { reference: isReference(ref) ? ref : null }
}
