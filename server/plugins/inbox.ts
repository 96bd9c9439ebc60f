import fp from 'fastify-plugin'
import { createInboxService, type InboxService } from '../inbox/service'

declare module 'fastify' {
  interface FastifyInstance {
    /** The inbox's work, whoever asks (server/inbox/service.ts): the staff pages, the JSON API, the jobs. */
    inbox: InboxService
  }
}

interface InboxPluginOptions {
  /** The staff area's clock (tests move it); default Date.now. */
  now?: (() => number) | undefined
}

/**
 * The inbox service, built once on the inquiry database's stores: its clock is the staff area's, a
 * reply or a retry wakes the outbox, and a reply's Reply-To is the site's address as the content says now.
 */
export default fp<InboxPluginOptions>(
  async (app, { now = Date.now }) => {
    app.decorate(
      'inbox',
      createInboxService({
        store: app.inboxStore,
        staff: app.staffStore,
        now,
        kick: () => app.outbox?.kick(),
        site: (locale) => app.contentHolder.current.content.site(locale),
      }),
    )
  },
  { name: 'inbox', dependencies: ['contact', 'content'] },
)
