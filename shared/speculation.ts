import { STAFF_PATHS } from './admin/paths'

/**
 * The speculation rules of every public page (decision 0017): a link the visitor is about to follow (pointer
 * resting on it, or pressed) has its page prerendered, so following a plain link shows the next page at once,
 * without a white flash and without the current page doing any work. Never speculated: the endpoints under
 * /_ (the language switch writes a cookie), the API, the staff area, media and other files, links that ask
 * not to be (rel=nofollow, download, a new window, class no-prerender).
 * An inline script allowed by its hash in the Content-Security-Policy (server/plugins/security-headers.ts).
 */
export const SPECULATION_RULES = JSON.stringify({
  prerender: [
    {
      where: {
        and: [
          { href_matches: '/*' },
          { not: { href_matches: ['/_*', '/api/*', `${STAFF_PATHS.home}`, `${STAFF_PATHS.home}/*`, '/media/*', '/assets/*', '/*.*'] } },
          { not: { selector_matches: '[rel~="nofollow"], [download], [target="_blank"], .no-prerender' } },
        ],
      },
      eagerness: 'moderate',
    },
  ],
})
