import { NEWS_CATEGORIES, newsSummary, type ContentSource, type NewsItem } from '../../content'
import type { LoaderContext } from '../../routes/types'
import { readListQuery } from '../list-query'
import { NEWS_PER_PAGE, type NewsDetailData, type NewsListData } from './news-pages'

/** 10 per page, newest first; an invalid or out-of-range page or an unknown category is a 404. */
export function loadNewsList({ locale, search, content }: LoaderContext): NewsListData | null {
  const query = readListQuery(search, NEWS_CATEGORIES)
  if (!query) return null
  const all = content.listNews(locale).filter((n) => !query.category || n.category === query.category)
  const pages = Math.max(1, Math.ceil(all.length / NEWS_PER_PAGE))
  if (query.page > pages) return null
  const start = (query.page - 1) * NEWS_PER_PAGE
  return { items: all.slice(start, start + NEWS_PER_PAGE).map(newsSummary), page: query.page, pages, total: all.length, category: query.category }
}

export function loadNewsDetail({ locale, params, content }: LoaderContext): NewsDetailData | null {
  const list = content.listNews(locale)
  const index = list.findIndex((n) => n.slug === params.slug)
  if (index === -1) return null
  const link = (n: NewsItem | undefined) => (n ? { slug: n.slug, title: n.title } : null)
  return { item: list[index]!, newer: link(list[index - 1]), older: link(list[index + 1]) }
}

/** An article exists in the languages it is written in. */
export const newsLocales = (data: NewsDetailData, content: ContentSource) => content.newsLocales(data.item.slug)
