import fp from 'fastify-plugin'
import { createPublishFires, type PublishFires } from '../editor/content-schedule'

declare module 'fastify' {
  interface FastifyInstance {
    /** Scheduled publications recorded once across replicas (server/editor/content-schedule.ts). */
    publishFires: PublishFires
  }
}

interface ContentSchedulePluginOptions {
  /** The content's clock (tests move it); default Date.now. */
  now?: (() => number) | undefined
}

/**
 * Every view the content holder swaps in (at start: the catch-up; at a publication instant; after a
 * reload) is looked at for publication instants passed since the last one, each claimed once across
 * every replica with its `content.publish` audit entry in the inquiry database.
 */
export default fp<ContentSchedulePluginOptions>(
  async (app, { now = Date.now }) => {
    const fires = createPublishFires({ editor: app.editor, now, log: app.log.child({ component: 'content-schedule' }) })
    app.decorate('publishFires', fires)
    let closing = false
    app.onContentView((loaded, at) => {
      if (!closing) void fires.look(loaded.schedule, at)
    })
    // Before the store closes (contact's onClose): the claims under way end first.
    app.addHook('preClose', async () => {
      closing = true
      await fires.settled()
    })
  },
  { name: 'content-schedule', dependencies: ['content', 'stores', 'editor'] },
)
