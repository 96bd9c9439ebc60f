import type { HeadData } from '../shared/head'
import { headTags, PAGE_TAGS_END, PAGE_TAGS_START, type HeadTag } from '../shared/head-tags'

/** A page tag as the browser holds it: the same attributes and text the server writes. */
function element({ tag, attrs, text }: HeadTag): HTMLElement {
  const el = document.createElement(tag)
  for (const [name, value] of Object.entries(attrs)) el.setAttribute(name, value)
  if (text !== undefined) el.textContent = text
  return el
}

/** The comments the page tags stand between; placed at the end of the head when the document has none. */
function pageTagBounds(): [Comment, Comment] {
  let start: Comment | null = null
  for (const node of document.head.childNodes) {
    if (!(node instanceof Comment)) continue
    if (node.data === PAGE_TAGS_START) start = node
    else if (node.data === PAGE_TAGS_END && start) return [start, node]
  }
  const bounds: [Comment, Comment] = [document.createComment(PAGE_TAGS_START), document.createComment(PAGE_TAGS_END)]
  document.head.append(...bounds)
  return bounds
}

/**
 * Makes the document's head what the server would have sent with the page: the previous page's
 * tags give way to the new page's, in the same place. The fixed tags (charset, viewport,
 * stylesheet, scripts, preloads) stay.
 */
export function applyHead(head: HeadData): void {
  const [start, end] = pageTagBounds()
  while (start.nextSibling && start.nextSibling !== end) start.nextSibling.remove()
  end.before(...headTags(head).map(element))
}
