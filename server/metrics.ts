import type { AddressInfo } from 'node:net'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { RELEASE } from './release'
import type { OutboxStore } from './outbox/types'
import type { AutoReplyWithheld } from './contact/types'
import { OUTBOX_KINDS } from './inbox/types'

/**
 * Every name the metrics endpoint exposes besides prom-client's default process and Node.js
 * metrics (CPU, memory, heap, event-loop lag, GC). docs/operations.md, Metrics and alerts, lists the same.
 */
export const METRIC_NAMES = [
  'http_requests_total',
  'http_request_duration_seconds',
  'site_page_cache_lookups_total',
  'site_inquiries_received_total',
  'site_mail_send_failures_total',
  'site_autoreplies_withheld_total',
  'site_outbox_mails',
  'site_content_reloads_total',
  'site_preview_link_pages_total',
  'site_image_variants_made_total',
] as const

/** Latency buckets (seconds): a cached page answers in about a millisecond, a cold render in tens. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** The label of requests that matched no route (every other label is a route pattern, never a raw URL). */
export const UNMATCHED_ROUTE = 'unmatched'

/**
 * One application's metrics, in a registry of its own (never prom-client's global one), so that
 * several apps in one process (the tests) never share counters or clash on names. Every label takes
 * values from a small fixed set: route patterns, status codes, methods Node's parser accepts.
 */
export function createMetrics() {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry })
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'Requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  })
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to the end of the answer, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  })
  // A counter by one label, every value of which is exported from the start (at 0), so a rate is never absent.
  const countedBy = <V extends string>(name: string, help: string, label: string, values: readonly V[]) => {
    const counter = new Counter({ name, help, labelNames: [label], registers })
    for (const value of values) counter.inc({ [label]: value }, 0)
    return (value: V) => counter.inc({ [label]: value })
  }
  const pageCache = countedBy(
    'site_page_cache_lookups_total',
    'Cacheable page requests: hit (served from memory, or from a render under way for the same page) or miss (rendered). 304 answers are not counted.',
    'result',
    ['hit', 'miss'] as const,
  )
  const inquiries = countedBy('site_inquiries_received_total', 'Inquiries stored (resends of the same submission are not counted), by way in: form or api.', 'via', ['form', 'api'])
  const mailFailures = countedBy<string>('site_mail_send_failures_total', 'Failed attempts to send a mail or a webhook of the outbox, by kind (staff, auto-reply, reply, digest, webhook).', 'kind', OUTBOX_KINDS)
  const autoRepliesWithheld = countedBy(
    'site_autoreplies_withheld_total',
    "Inquiries stored without their auto-reply, by the limit reached: recipient (the address's daily cap) or site (the hourly limit of all auto-replies).",
    'reason',
    ['recipient', 'site'] satisfies readonly AutoReplyWithheld[],
  )

  const contentReloads = countedBy(
    'site_content_reloads_total',
    'Content reloads (SIGHUP, CONTENT_WATCH): ok (the new content is served) or failed (it had problems; the previous content is still served).',
    'result',
    ['ok', 'failed'] as const,
  )

  const previewLinkPages = countedBy(
    'site_preview_link_pages_total',
    "Pages of signed preview links shown: hit (the page drawn before for the same state of the item and of the site) or miss (the content tree loaded and the page drawn).",
    'result',
    ['hit', 'miss'] as const,
  )

  const imageVariantsMade = countedBy(
    'site_image_variants_made_total',
    'Image variants made by this process: ahead (the background warm: start, content change, upload) or request (a request found it missing: the warm had not reached it, or MEDIA_WARM=off).',
    'for',
    ['ahead', 'request'] as const,
  )

  // Which release this process runs: during a rolling upgrade, count by (version) shows the mix of replicas.
  new Gauge({ name: 'site_release_info', help: "This process's release (package.json's version, CHANGELOG.md), always 1.", labelNames: ['version'] as const, registers }).set({ version: RELEASE }, 1)

  let outboxCounts: (() => Promise<Record<'pending' | 'failed', number>>) | null = null
  new Gauge({
    name: 'site_outbox_mails',
    help: 'Mails of the outbox waiting to be sent (pending) or given up on (failed), counted at scrape time.',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      // No outbox (yet), or a database that does not answer: no samples, rather than zeros that would look like a healthy queue.
      const counts = await outboxCounts?.().catch(() => null)
      this.reset()
      if (counts) for (const status of ['pending', 'failed'] as const) this.set({ status }, counts[status])
    },
  })

  return {
    registry,
    /** Where the metrics server listens; set by plugins/metrics once it does. */
    address: null as AddressInfo | null,
    request(method: string, route: string | undefined, status: number, seconds: number): void {
      const labels = { method, route: route ?? UNMATCHED_ROUTE, status: String(status) }
      requests.inc(labels)
      duration.observe(labels, seconds)
    },
    pageCache,
    inquiryReceived: inquiries,
    mailFailed: mailFailures,
    autoReplyWithheld: autoRepliesWithheld,
    contentReloaded: contentReloads,
    previewLinkPage: previewLinkPages,
    imageVariantMade: imageVariantsMade,
    /**
     * Counts the outbox table at each scrape: two counts over the (status, next_attempt_at) index,
     * so a scrape costs the same however many mails were ever sent (with several replicas, each
     * reports the one shared queue).
     */
    watchOutbox(store: OutboxStore): void {
      outboxCounts = () => store.outboxCounts()
    },
  }
}

export type Metrics = ReturnType<typeof createMetrics>
