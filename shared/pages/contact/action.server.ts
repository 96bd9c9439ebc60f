import type { FastifyInstance, FastifyRequest, onRequestHookHandler } from 'fastify'
import { CrossSiteRequest, NotForm, UnknownStep } from '../../../server/errors'
import { inquiryLog, isCrossSite, mediaType } from '../../../server/request-guards'
import { BODY_LIMIT } from '../../../server/contact/routes-api'
import type { ContactService } from '../../../server/contact/service'
import type { Locale } from '../../i18n/locales'
import type { FormAnswer, PageForm } from '../../routes/page-form'
import { href } from '../../paths'
import { CONTACT_FIELDS } from './fields'
import { readFormBody, type PostedForm } from './form-body.server'
import { errorCount, freshContactPage, type ContactPageData, type ContactStep } from './page-data'

/** A POSTed form field: browsers send one value; a field sent twice arrives as a list (its first value counts). */
const formValue = { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] }

/** The form's body as @fastify/formbody parses it: its fields, token, honeypot and step; anything else is ignored. */
const BODY_SCHEMA = {
  type: 'object',
  properties: Object.fromEntries([...CONTACT_FIELDS, '_token', 'website', 'step'].map((name) => [name, formValue])),
}

const serviceOf = (req: FastifyRequest): ContactService => req.server.contactForm.service

function page(req: FastifyRequest, posted: PostedForm, step: ContactStep, errors = {}, notice: string | null = null, token = posted.token): ContactPageData {
  return { step, values: posted.values, errors, notice, token, today: serviceOf(req).today() }
}

const answer = (data: ContactPageData, statusCode: number): FormAnswer<ContactPageData> => ({ data, statusCode })

/**
 * The contact form without JavaScript, at the page's own URL: GET serves the form with a fresh signed
 * token; POST runs the steps. step=review: 200 review page (or 422 form with the error summary);
 * step=edit: the form with the values kept; step=send: store, then 303 to /contact/success?ref=... in
 * the same language. A bad or expired token shows the form again (403, values kept, new token); a
 * request from another site gets the 403 error page. A send whose token is already stored answers
 * the 303 of the first send (nothing checked or stored).
 */
export const contactForm: PageForm<ContactPageData> = {
  // The empty form is the same page for everyone but its token: kept per day (as the date limits are).
  template(req) {
    const service = serviceOf(req)
    const today = service.today()
    return { key: `contact|${today}`, value: service.signer.issue(service.now().getTime()), data: (slot) => freshContactPage(slot, today) }
  },

  routeOptions(app: FastifyInstance) {
    const { siteUrl, limiter } = app.contactForm
    const guard: onRequestHookHandler = async (req) => {
      if (isCrossSite(req, siteUrl)) throw new CrossSiteRequest()
      if (mediaType(req) !== 'application/x-www-form-urlencoded') throw new NotForm()
    }
    return { bodyLimit: BODY_LIMIT, schema: { body: BODY_SCHEMA }, onRequest: guard, preHandler: limiter, config: { errorSubject: 'inquiry' } }
  },

  async action(req, locale) {
    const service = serviceOf(req)
    const posted = readFormBody(req.body, locale)
    const log = inquiryLog(req)
    const now = service.now().getTime()
    const check = service.signer.verify(posted.token, now)
    if (!check.ok) {
      log.info({ reason: check.reason }, 'form token refused')
      return answer(page(req, posted, 'form', {}, 'units.contact.notices.expired', service.signer.issue(now)), 403)
    }
    if (posted.step === 'edit') return answer(page(req, posted, 'form'), 200)
    if (posted.step !== 'review' && posted.step !== 'send') throw new UnknownStep()
    const success = (id: string) => ({ redirect: `${href('contactSuccess')}?ref=${id}` })
    const bot = service.botSign(posted.website, posted.step === 'send' ? check : null)
    if (bot) return success(service.drop(bot, 'form', log))
    if (posted.step === 'send') {
      // A resend (reload, double click, Back and send again): the first answer, even when
      // the values would no longer pass (a site-visit date of 'today' after midnight).
      const first = await service.resent(posted.token, 'form', log)
      if (first) return success(first)
    }
    const errors = service.validate(posted.values, locale)
    if (errorCount(errors) > 0) return answer(page(req, posted, 'form', errors), 422)
    if (posted.step === 'review') return answer(page(req, posted, 'review'), 200)
    return success((await service.accept(posted.values, locale, posted.token, 'form', log)).id)
  },

  // Rate limited (429) or the database unreachable (503) after the body was read: the form again,
  // values kept, with the reason. Other errors get the error page (the one handler logs them all).
  refused(status, req, locale: Locale) {
    if ((status !== 429 && status !== 503) || !req.body) return undefined
    const service = serviceOf(req)
    const posted = readFormBody(req.body, locale)
    const check = service.signer.verify(posted.token, service.now().getTime())
    const token = check.ok ? posted.token : service.signer.issue(service.now().getTime())
    return answer(page(req, posted, 'form', {}, `units.contact.api.${status}`, token), status)
  },
}
