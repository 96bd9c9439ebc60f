import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import type { ContactValues } from '../../shared/pages/contact/values'
import { checkContact } from '../../shared/pages/contact/validate'
import type { Locale } from '../../shared/i18n/locales'
import { DEFAULT_TIME_ZONE, todayIn, validateForm, type FormErrors } from '../../shared/validation/server'
import type { StoreHealth } from '../db/health'
import type { Outbox } from '../outbox/worker'
import { newReference, type AutoReplyWithheld, type InquiryStore } from './types'
import type { TokenCheck, TokenSigner } from './token'

export interface ContactServiceDeps {
  store: InquiryStore
  /** Refuses at once (503) while the database is known to be down. */
  health: StoreHealth
  signer: TokenSigner
  /** Null without SMTP: mail waits in the outbox table. */
  outbox: Outbox | null
  /** INQUIRY_WEBHOOK_URL is set: each new inquiry also queues its webhook. */
  webhook?: boolean
  minFillMs: number
  now: () => Date
  /** CONTACT_API_KEY: lets an integration post JSON without a form token ('' or absent: nobody). */
  apiKey?: string
  /** CONTACT_AUTOREPLY_MAX_PER_DAY (3 when absent). */
  autoReplyMaxPerDay?: number
  /** CONTACT_AUTOREPLY_MAX_PER_HOUR (20 when absent). */
  autoReplyMaxPerHour?: number
  /** Called once per inquiry stored (never for a resend): the metrics count them. */
  onInquiry?: ((via: Via) => void) | undefined
  /** Called when an inquiry is stored without its auto-reply, with the limit that held it back. */
  onAutoReplyWithheld?: ((reason: AutoReplyWithheld) => void) | undefined
}

export const DEFAULT_AUTOREPLY_MAX_PER_DAY = 3
export const DEFAULT_AUTOREPLY_MAX_PER_HOUR = 20

/** The warning logged when an auto-reply is not queued, by the limit reached. */
export const WITHHELD_MESSAGES: Record<AutoReplyWithheld, string> = {
  recipient: 'auto-reply not queued: daily limit for the address reached',
  site: 'auto-reply not queued: hourly limit of the whole site reached',
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/**
 * Whether an Authorization header carries the API key ('Bearer <key>'). The key is compared in
 * constant time (as digests, so neither its length nor its characters show in the timing).
 */
function apiKeyCheck(apiKey: string): (authorization: unknown) => boolean {
  if (!apiKey) return () => false
  const expected = digest(apiKey)
  return (authorization) => {
    if (typeof authorization !== 'string') return false
    const m = /^Bearer +(\S+) *$/i.exec(authorization)
    return m !== null && timingSafeEqual(digest(m[1]!), expected)
  }
}

export type Via = 'api' | 'form'

/** What the JSON API and the form POSTs share: validation, bot checks, storing. */
export function createContactService(deps: ContactServiceDeps) {
  const { store, signer, health } = deps
  const autoReplyLimit = deps.autoReplyMaxPerDay ?? DEFAULT_AUTOREPLY_MAX_PER_DAY
  const autoReplyBudgetPerHour = deps.autoReplyMaxPerHour ?? DEFAULT_AUTOREPLY_MAX_PER_HOUR
  return {
    signer,
    now: deps.now,
    /** True when the request is a trusted integration's (the configured API key as a Bearer token). */
    hasApiKey: apiKeyCheck(deps.apiKey ?? ''),
    today: () => todayIn(DEFAULT_TIME_ZONE, deps.now()),
    /** Field -> message of the server's AJV validation (the same rules and messages as the browser's). */
    validate(values: ContactValues, locale: Locale): FormErrors {
      return checkContact(values, locale, validateForm, todayIn(DEFAULT_TIME_ZONE, deps.now()))
    },
    /** A bot's signs: the hidden field filled in, or a form sent faster than a person could fill it. */
    botSign(website: unknown, token: TokenCheck | null): 'honeypot' | 'too-fast' | null {
      if (typeof website === 'string' && website !== '') return 'honeypot'
      if (token?.ok && deps.now().getTime() - token.issuedAt < deps.minFillMs) return 'too-fast'
      return null
    },
    /** The bot sees success with a reference that names nothing; nothing is stored or mailed. */
    drop(reason: string, via: Via, log: FastifyBaseLogger): string {
      log.warn({ reason, via }, 'inquiry dropped')
      return newReference(deps.now())
    },
    /**
     * The first answer's id when this token was already stored (a resend: reload, double
     * click, retry), else null. Checked before validation, so a resend whose values would
     * no longer pass (a site-visit date of 'today' resent after midnight) still gets the
     * first answer. accept()'s ON CONFLICT stays the guard against two sends racing.
     */
    async resent(token: string | null, via: Via, log: FastifyBaseLogger): Promise<string | null> {
      const id = token ? await health.use(() => store.findByToken(token)) : null
      if (id) log.info({ inquiryId: id, via }, 'inquiry resent, answered with the first id')
      return id
    },
    /**
     * Stores (once per token) and wakes the mail outbox; resolves after the commit (StoreUnavailable, 503, when the database cannot be reached: nothing stored). The
     * auto-reply goes to whatever address was typed, so one inbox gets at most `autoReplyMaxPerDay`
     * of them a day and the whole site sends at most `autoReplyMaxPerHour` an hour: beyond either the
     * inquiry is stored and sent to staff only. `log` is the request's, with the client address (inquiryLog).
     */
    async accept(values: ContactValues, locale: Locale, token: string | null, via: Via, log: FastifyBaseLogger): Promise<{ id: string; created: boolean }> {
      const result = await health.use(() => store.insert({ values, locale, token, now: deps.now(), autoReplyLimit, autoReplyBudgetPerHour, ...(deps.webhook ? { webhook: true } : {}) }))
      if (result.created) {
        deps.outbox?.kick()
        deps.onInquiry?.(via)
        log.info({ inquiryId: result.id, locale, via }, 'inquiry stored')
        if (result.withheld) {
          deps.onAutoReplyWithheld?.(result.withheld)
          const limit = result.withheld === 'recipient' ? autoReplyLimit : autoReplyBudgetPerHour
          log.warn({ inquiryId: result.id, via, limit }, WITHHELD_MESSAGES[result.withheld])
        }
      } else {
        log.info({ inquiryId: result.id, via }, 'inquiry resent, answered with the first id')
      }
      return result
    },
  }
}

export type ContactService = ReturnType<typeof createContactService>
