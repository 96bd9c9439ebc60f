import type { NewsItem } from '../../shared/content'
import { escapeHtml } from '../../shared/escape'

export interface FeedInput {
  /** Absolute URL of the feed itself. */
  self: string
  /** Absolute URL of the news list it mirrors. */
  list: string
  title: string
  author: string
  lang: string
  /** Absolute URL of an article from its slug. */
  articleUrl: (slug: string) => string
  items: NewsItem[]
}

/** An Atom 1.0 feed of the newest articles (RFC 4287). */
export function renderAtom(feed: FeedInput): string {
  const stamp = (date: string) => `${date}T00:00:00+09:00`
  const updated = feed.items[0] ? stamp(feed.items[0].date) : '1970-01-01T00:00:00Z'
  const entries = feed.items.map((item) => {
    const url = feed.articleUrl(item.slug)
    return [
      '<entry>',
      `<id>${escapeHtml(url)}</id>`,
      `<title>${escapeHtml(item.title)}</title>`,
      `<link rel="alternate" type="text/html" href="${escapeHtml(url)}"/>`,
      `<published>${stamp(item.date)}</published>`,
      `<updated>${stamp(item.date)}</updated>`,
      `<category term="${escapeHtml(item.category)}"/>`,
      `<summary>${escapeHtml(item.excerpt)}</summary>`,
      `<content type="html">${escapeHtml(item.html)}</content>`,
      '</entry>',
    ].join('')
  })
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="${escapeHtml(feed.lang)}">`,
    `<id>${escapeHtml(feed.self)}</id>`,
    `<title>${escapeHtml(feed.title)}</title>`,
    `<updated>${updated}</updated>`,
    `<author><name>${escapeHtml(feed.author)}</name></author>`,
    `<link rel="self" type="application/atom+xml" href="${escapeHtml(feed.self)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeHtml(feed.list)}"/>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n')
}
