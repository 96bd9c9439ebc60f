import MarkdownIt from 'markdown-it'
import anchor from 'markdown-it-anchor'

/** Heading ids that keep Japanese (valid in HTML5 and in URL fragments): spaces to hyphens, punctuation dropped. */
export function headingId(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[\s\u3000]+/g, '-')
    .replace(/[^\p{L}\p{N}_-]/gu, '')
}

/**
 * The site's Markdown: raw HTML is escaped (html: false), links are checked by
 * markdown-it's validateLink (no javascript:, vbscript:, file: or non-image data:),
 * external links get rel="noopener noreferrer", headings get anchor ids.
 */
export function createMarkdown(): (source: string) => string {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false })
  md.use(anchor, { slugify: headingId, tabIndex: false })
  const defaultOpen = md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
  md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
    const token = tokens[idx]!
    const href = String(token.attrGet('href') ?? '')
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('mailto:') && !href.startsWith('tel:')) {
      token.attrSet('rel', 'noopener noreferrer')
    }
    return defaultOpen(tokens, idx, options, env, self)
  }
  // Tables get a wrapper so they scroll on narrow screens instead of breaking the layout.
  md.renderer.rules.table_open = () => '<div class="table-scroll" tabindex="0"><table>\n'
  md.renderer.rules.table_close = () => '</table></div>\n'
  return (source) => md.render(source)
}
