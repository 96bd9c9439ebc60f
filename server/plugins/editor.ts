import fp from 'fastify-plugin'
import type { Config } from '../config'
import { createEditorService, type EditorService } from '../editor/service'

declare module 'fastify' {
  interface FastifyInstance {
    /** The content editor's work, whoever asks (server/editor/service.ts): the editor's pages and forms, the schedule. */
    editor: EditorService
  }
}

interface EditorPluginOptions {
  config: Config
  /** The staff area's clock (tests move it); default Date.now. */
  now?: (() => number) | undefined
}

/**
 * The editor service, built once: the content folder, the editor's store in the inquiry database, the
 * staff area's clock, the content's reload after each change, the preview's signed links.
 */
export default fp<EditorPluginOptions>(
  async (app, { config, now = Date.now }) => {
    app.decorate(
      'editor',
      createEditorService({
        store: app.editorStore,
        staff: app.staffStore,
        contentDir: config.contentDir,
        now,
        reload: (reason) => app.reloadContent(reason),
        links: app.contentPreview.links,
        claims: app.inboxStore,
        // The warm is registered after the editor (plugins/media-warm.ts): looked up when an image is stored.
        imageStored: (image) => app.mediaWarm.image(image),
      }),
    )
  },
  { name: 'editor', dependencies: ['contact', 'content', 'content-preview'] },
)
