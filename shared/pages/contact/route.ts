import { BASE_LAYOUT, pageMeta, route } from '../../routes/define'
import { ContactPage, ContactSuccessPage } from './contact-pages'
import { contactTitle, errorCount, type ContactPageData, type ContactSuccessData } from './page-data'
import { loadContact, loadContactSuccess } from './loader.server'
import { contactForm } from './action.server'

const contactMeta = pageMeta('contact')

/** The contact form (input, review); the document title tells the step and the number of errors. */
export const contactRoute = route<ContactPageData>({
  id: 'contact',
  Component: ContactPage,
  loader: loadContact,
  form: contactForm,
  meta: (args) => ({ ...contactMeta(args), headTitle: contactTitle(args.t, args.data.step, errorCount(args.data.errors)) }),
  labelKey: 'units.nav.contact',
  layout: BASE_LAYOUT,
  sitemap: 'page',
})

/** The thank-you page after an inquiry was sent; not indexed. */
export const contactSuccessRoute = route<ContactSuccessData>({
  id: 'contactSuccess',
  Component: ContactSuccessPage,
  loader: loadContactSuccess,
  meta: pageMeta('contactSuccess'),
  labelKey: 'units.nav.contact',
  parent: 'contact',
  layout: { ...BASE_LAYOUT, width: 'narrow' },
  noindex: true,
  // Shows the ?ref= of one visitor's inquiry: never served from the page cache.
  perVisitor: true,
})
