import type { FastifyInstance, FastifyReply, onRequestHookHandler, preHandlerHookHandler } from 'fastify'
import formbody from '@fastify/formbody'
import { errorCount, freshContactPage, type ContactPageData, type ContactStep } from '../../shared/contact/page-data'
import { splitLocalePath } from '../../shared/i18n/negotiate'
import { requestPath } from '../request-locale'
import { readFormBody, type PostedForm } from './form-body'
import { inquiryLog, isCrossSite, mediaType } from './guards'
import { CrossSiteRequest, NotForm, UnknownStep } from '../errors'
import type { ErrorAnswer } from '../plugins/errors'
import { BODY_LIMIT } from './routes-api'
import type { ContactService } from './service'

interface PageOptions {
  service: ContactService
  siteUrl: string
  limiter: preHandlerHookHandler
}

const PREFIXES = ['', '/ja', '/en'] as const

/**
 * Renders a POST's answer (the form with the visitor's values and errors, or the review).
 * `private, no-cache`: never kept by a shared cache, but kept by the visitor's own browser for its
 * history, so the Back button re-shows the page as it was (with `no-store`, Chromium shows its
 * resubmission error instead and the typed values are out of reach).
 */
function renderContact(reply: FastifyReply, data: ContactPageData, statusCode: number): Promise<FastifyReply> {
  return reply.header('cache-control', 'private, no-cache').renderPage(requestPath(reply.request), undefined, { form: data, statusCode })
}

/**
 * The contact page without JavaScript: GET serves the form with a fresh signed token; POST to
 * the same URL runs the steps. step=review: 200 review page (or 422 form with the error
 * summary); step=edit: the form with the values kept; step=send: store, then 303 to
 * /contact/success?ref=... in the same language. A bad or expired token shows the form again
 * (403, values kept, new token); a request from another site gets the 403 error page. A send
 * whose token is already stored answers the 303 of the first send (nothing checked or stored).
 */
export default async function contactPageRoutes(app: FastifyInstance, { service, siteUrl, limiter }: PageOptions) {
  await app.register(formbody, { bodyLimit: BODY_LIMIT })
  const guard: onRequestHookHandler = async (req) => {
    if (isCrossSite(req, siteUrl)) throw new CrossSiteRequest()
    if (mediaType(req) !== 'application/x-www-form-urlencoded') throw new NotForm()
  }
  const page = (posted: PostedForm, step: ContactStep, errors = {}, notice: string | null = null, token = posted.token): ContactPageData => ({
    step,
    values: posted.values,
    errors,
    notice,
    token,
    today: service.today(),
  })

  // Rate limited (429) or the database unreachable (503) after the body was read: the form again,
  // values kept, with the reason. Other errors get the error page (the one handler logs them all).
  const errorAnswer: ErrorAnswer = (status, req, reply) => {
    if ((status !== 429 && status !== 503) || !req.body) return undefined
    const posted = readFormBody(req.body, splitLocalePath(requestPath(req)).locale)
    const check = service.signer.verify(posted.token, service.now().getTime())
    const token = check.ok ? posted.token : service.signer.issue(service.now().getTime())
    return renderContact(reply, page(posted, 'form', {}, `units.contact.api.${status}`, token), status)
  }
  const config = { errorAnswer, errorSubject: 'inquiry' }

  for (const prefix of PREFIXES) {
    app.get(`${prefix}/contact`, async (req, reply) => {
      // The empty form is the same page for everyone but its token: kept as a template (per day, as
      // the date limits are), each visitor's fresh token put in (cached-page speed, never shared).
      const today = service.today()
      const token = service.signer.issue(service.now().getTime())
      return reply
        .header('cache-control', 'no-store')
        .renderPage(requestPath(req), undefined, { template: { key: `contact|${today}`, value: token, form: (slot) => freshContactPage(slot, today) } })
    })

    app.post(`${prefix}/contact`, { bodyLimit: BODY_LIMIT, onRequest: guard, preHandler: limiter, config }, async (req, reply) => {
      const { locale } = splitLocalePath(requestPath(req))
      const posted = readFormBody(req.body, locale)
      const log = inquiryLog(req)
      const now = service.now().getTime()
      const check = service.signer.verify(posted.token, now)
      if (!check.ok) {
        log.info({ reason: check.reason }, 'form token refused')
        return renderContact(reply, page(posted, 'form', {}, 'units.contact.notices.expired', service.signer.issue(now)), 403)
      }
      if (posted.step === 'edit') return renderContact(reply, page(posted, 'form'), 200)
      if (posted.step !== 'review' && posted.step !== 'send') throw new UnknownStep()
      const success = (id: string) => reply.header('cache-control', 'no-store').redirect(`${prefix}/contact/success?ref=${id}`, 303)
      const bot = service.botSign(posted.website, posted.step === 'send' ? check : null)
      if (bot) return success(service.drop(bot, 'form', log))
      if (posted.step === 'send') {
        // A resend (reload, double click, Back and send again): the first answer, even when
        // the values would no longer pass (a site-visit date of 'today' after midnight).
        const first = await service.resent(posted.token, 'form', log)
        if (first) return success(first)
      }
      const errors = service.validate(posted.values, locale)
      if (errorCount(errors) > 0) return renderContact(reply, page(posted, 'form', errors), 422)
      if (posted.step === 'review') return renderContact(reply, page(posted, 'review'), 200)
      return success((await service.accept(posted.values, locale, posted.token, 'form', log)).id)
    })
  }
}
