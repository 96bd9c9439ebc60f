import { NewsDetailPage, NewsListPage, newsListSearch, type NewsDetailData, type NewsListData } from './news-pages'
import { loadNewsDetail, loadNewsList, newsLocales } from './loader.server'
import { newsArticleLd } from '../../structured-data'
import { BASE_LAYOUT, pageMeta, route } from '../../routes/define'

/** The news list: 10 a page, by category; links the news feed. */
export const newsRoute = route<NewsListData>({
  id: 'news',
  Component: NewsListPage,
  loader: loadNewsList,
  meta: pageMeta('news'),
  labelKey: 'units.nav.news',
  layout: BASE_LAYOUT,
  sitemap: 'page',
  canonicalSearch: newsListSearch,
  feed: true,
})

/** One article (content/news/<slug>.<lang>.md), in the languages it is written in. */
export const newsDetailRoute = route<NewsDetailData>({
  id: 'newsDetail',
  slugParam: 'slug',
  Component: NewsDetailPage,
  loader: loadNewsDetail,
  meta: ({ data }) => ({ title: data.item.title, description: data.item.excerpt, image: data.item.cover, type: 'article' }),
  labelKey: 'units.nav.news',
  parent: 'news',
  layout: { ...BASE_LAYOUT, width: 'wide' },
  sitemap: { list: 'listNews', lastmod: 'date' },
  locales: newsLocales,
  structuredData: ({ data, site, url, origin, locale }) => [newsArticleLd(data.item, site, url, origin, locale)],
  feed: true,
})
